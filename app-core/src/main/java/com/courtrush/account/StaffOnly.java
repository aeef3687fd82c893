package com.courtrush.account;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A desk operation only staff (a staff member, a manager or the admin token) may run, whichever door it came
 * through: {@link DeskGuard} refuses (403, {@code http.forbidden}) the {@link Caller} it is given when that caller
 * is a student, before the method runs. The method must take the caller as one of its arguments. It is declared
 * where a door that also serves students leads to the desk (a refund) or where nothing behind the desk would hold the
 * caller to staff (the till's shifts, a part of an import), so that no service checks the role again; {@link
 * ManagerOnly} is the stricter declaration.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface StaffOnly {}

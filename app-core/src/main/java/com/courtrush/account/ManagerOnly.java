package com.courtrush.account;

import com.courtrush.account.api.Caller;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A desk operation only a manager (or the admin token) may run, whichever door it came through: the
 * HTTP API and the console call the same desk method, and {@link DeskGuard} refuses (403,
 * {@code auth.managersOnly}) the {@link Caller} it is given when that caller is not a manager. The
 * method must take the caller as one of its arguments. This is the one place a manager-only
 * operation is declared; nothing else (no URL rule, no check in a service) repeats it.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface ManagerOnly {}

package com.courtrush.account;

import com.courtrush.account.api.Caller;
import java.lang.reflect.Method;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.Advisor;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.StaticMethodMatcherPointcutAdvisor;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * Holds every {@link ManagerOnly} and {@link StaffOnly} desk operation to its declaration: before the method runs,
 * the {@link Caller} among its arguments must be a manager, or staff. The desks are Spring beans, so both the HTTP
 * controllers and the console reach them through this check.
 */
@Configuration(proxyBeanMethods = false)
public class DeskGuard {

    /** An infrastructure advisor: Spring Boot's auto-proxy creator applies it without AspectJ. */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor managerOnlyOperations() {
        StaticMethodMatcherPointcutAdvisor advisor = new StaticMethodMatcherPointcutAdvisor() {
            @Override
            public boolean matches(Method method, Class<?> targetClass) {
                return AnnotatedElementUtils.hasAnnotation(method, ManagerOnly.class)
                        || AnnotatedElementUtils.hasAnnotation(method, StaffOnly.class);
            }
        };
        advisor.setAdvice((MethodInterceptor) DeskGuard::check);
        return advisor;
    }

    /**
     * {@code desk} behind the guard, as the Spring context serves it: for code that makes a desk itself
     * (a test) and must meet the same refusals.
     */
    @SuppressWarnings("unchecked")
    public static <T> T guarded(T desk) {
        ProxyFactory proxies = new ProxyFactory(desk);
        proxies.setProxyTargetClass(true);
        proxies.addAdvisor(managerOnlyOperations());
        return (T) proxies.getProxy(desk.getClass().getClassLoader());
    }

    /** Refuses a caller that is not a manager, or not staff, before the operation runs; see {@link #callerOf}. */
    static Object check(MethodInvocation invocation) throws Throwable {
        Method method = invocation.getMethod();
        boolean managers = AnnotatedElementUtils.hasAnnotation(method, ManagerOnly.class);
        Caller caller = callerOf(method, invocation.getArguments());
        if (managers) {
            Caller.requireManager(caller);
        } else {
            Caller.requireStaff(caller);
        }
        return invocation.proceed();
    }

    /**
     * The caller a declared operation was given; null when it was given none. A method declared {@link ManagerOnly}
     * or {@link StaffOnly} without a {@link Caller} parameter is a programming error, refused on every call (and by a
     * test).
     */
    static Caller callerOf(Method method, Object[] arguments) {
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            if (types[i] == Caller.class) {
                return (Caller) arguments[i];
            }
        }
        throw new IllegalStateException("A manager's or staff operation must take its Caller: " + method);
    }
}

package com.courtrush.account;

import java.util.List;

/**
 * The paths only staff may call (the security configuration's rule, and the architecture test's: a handler on one of
 * them reaches the engine through a desk, as the console does).
 */
public final class StaffPaths {

    /** Ant-style patterns: the staff API, the actuator, and reporting a simulated payment. */
    public static final List<String> ALL = List.of("/admin/**", "/actuator/**", "/pay/wechat/mock-success/**");

    private StaffPaths() {}
}

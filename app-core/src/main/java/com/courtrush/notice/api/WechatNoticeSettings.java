package com.courtrush.notice.api;

import java.util.List;

/**
 * The official account's notifications as a manager sets them: the account's AppID (null while none is set), whether
 * its WeChat is the simulator, the templates by kind of notice, the kinds and the values a keyword may take, and how
 * many deliveries were given up; which account is in use and where it was set ({@code account}).
 */
public record WechatNoticeSettings(
        String appId,
        boolean simulated,
        List<WechatTemplate> templates,
        List<String> kinds,
        List<String> fields,
        int givenUp,
        WechatAccountState account) {}

package com.courtrush.notice.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.notice.ChannelSetup;
import com.courtrush.notice.WechatNoticeSetup;
import com.courtrush.notice.api.AlertDelivery;
import com.courtrush.notice.api.ChannelSecrets;
import com.courtrush.notice.api.ChannelSettings;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.WebhookTarget;
import com.courtrush.notice.api.WechatAccountChange;
import com.courtrush.notice.api.WechatDelivery;
import com.courtrush.notice.api.WechatNoticeSettings;
import com.courtrush.notice.api.WechatTemplate;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/** The console's way to the notices' channels: the same setting up as the staff API's. */
@Component
public class NoticeDesk {

    private final ChannelSetup setup;
    private final WechatNoticeSetup wechat;

    public NoticeDesk(ChannelSetup setup, WechatNoticeSetup wechat) {
        this.setup = setup;
        this.wechat = wechat;
    }

    public ChannelSettings settings() {
        return setup.settings();
    }

    @ManagerOnly
    public ChannelSecrets secrets(Caller manager) {
        return setup.secrets(manager);
    }

    @ManagerOnly
    public GivenUp sendAgain(Caller manager) {
        return setup.sendAgain(manager);
    }

    @ManagerOnly
    public ChannelSettings setEmail(boolean enabled, EmailServer server, Caller manager) {
        return setup.setEmail(enabled, server, manager);
    }

    @ManagerOnly
    public ChannelSettings setWebhook(boolean enabled, WebhookTarget webhook, Caller manager) {
        return setup.setWebhook(enabled, webhook, manager);
    }

    @ManagerOnly
    public String testEmail(String to, Locale locale, Caller manager) {
        return setup.testEmail(to, locale, manager);
    }

    @ManagerOnly
    public String testWebhook(Locale locale, Caller manager) {
        return setup.testWebhook(locale, manager);
    }

    public List<AlertDelivery> alerts(int size) {
        return setup.alerts(size);
    }

    /** The official account's notifications: the templates by kind, and how many were given up. */
    public WechatNoticeSettings wechatNotices() {
        return wechat.settings();
    }

    /** Sets the official account on its own and the templates, either left as it is when null. */
    @ManagerOnly
    public WechatNoticeSettings setWechatNotices(
            List<WechatTemplate> templates, WechatAccountChange account, Caller manager) {
        return wechat.set(templates, account, manager);
    }

    @ManagerOnly
    public String testWechatNotice(String kind, String studentId, Caller manager) {
        return wechat.test(kind, studentId, manager);
    }

    public List<WechatDelivery> wechatDeliveries(int size) {
        return wechat.deliveries(size);
    }

    @ManagerOnly
    public int sendWechatAgain(Caller manager) {
        return wechat.sendAgain(manager);
    }
}

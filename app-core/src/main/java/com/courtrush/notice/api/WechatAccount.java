package com.courtrush.notice.api;

import java.util.Map;
import java.util.Optional;

/**
 * The gym's WeChat official account, as notices reach students through it (SPEC §22): its subscribe notifications
 * (订阅通知). Implemented where the account is kept ({@code pay.OfficialAccount}); the notices lean on this only.
 */
public interface WechatAccount {

    /** The account's AppID while one is set; empty otherwise, and nothing goes to WeChat. */
    Optional<String> appId();

    /**
     * Where students reach the page inside WeChat — the address the account's platform knows (its web authorization
     * domain) — when the account is set; a notification opens a booking there.
     */
    Optional<String> publicUrl();

    /** Which account is in use, where it was set, and whether its AppSecret is on file here: never the AppSecret. */
    WechatAccountState state();

    /**
     * Sets the account on its own, for a gym without a WeChat Pay merchant (a manager's; the caller audits it): checked,
     * tried with WeChat, then saved for every node.
     *
     * @throws com.courtrush.core.CourtRushException 400 for a field WeChat would not take, 409 when WeChat refused the
     *     AppID and AppSecret, could not be reached, or students pay through a merchant of another AppID
     */
    void set(WechatAccountChange change);

    /** Whether the account's WeChat is the project's simulator (demos and tests), not WeChat itself. */
    boolean simulated();

    /**
     * Sends one subscribe notification of {@code templateId} to {@code openId}, its keywords' values in {@code data},
     * opening {@code page} when tapped; answers WeChat's message id.
     *
     * @throws WechatRefused when WeChat refuses this notification for good: no consent left, a template or a value it
     *     does not take, a user not of the account
     * @throws RuntimeException when WeChat could not be asked or asks to wait (down, busy, the day's quota spent): it
     *     is tried again later
     */
    String send(String openId, String templateId, String page, Map<String, String> data);

    /**
     * The JS-SDK's configuration for the page at {@code url} (its address without the fragment), signed with the
     * account's jsapi_ticket, which WxJava fetches once for every node and keeps in Redis.
     *
     * @throws RuntimeException when WeChat could not be asked for the ticket
     */
    WechatJsConfig jsConfig(String url);
}

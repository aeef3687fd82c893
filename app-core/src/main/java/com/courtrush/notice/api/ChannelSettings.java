package com.courtrush.notice.api;

/**
 * Both channels: on or off, and their settings (null: never set), secrets masked; and what was given up.
 *
 * @param givenUp the emails and staff alerts given up after trying for {@code courtrush.notices.retry-for}
 */
public record ChannelSettings(
        boolean emailEnabled, EmailServer email, boolean webhookEnabled, WebhookTarget webhook, GivenUp givenUp) {

    /** What a secret is shown as. */
    public static final String MASK = "********";
}

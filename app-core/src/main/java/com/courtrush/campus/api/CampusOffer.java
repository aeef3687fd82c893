package com.courtrush.campus.api;

/**
 * What the students' page is told before sign-in: whether to offer the campus account, and its name; and whether a
 * browser inside WeChat signs in by the gym's official account (SPEC §22).
 */
public record CampusOffer(boolean enabled, CampusProtocol protocol, String label, boolean wechat) {

    public CampusOffer(boolean enabled, CampusProtocol protocol, String label) {
        this(enabled, protocol, label, false);
    }

    /** The same offer, saying whether WeChat signs students in. */
    public CampusOffer withWechat(boolean offered) {
        return new CampusOffer(enabled, protocol, label, offered);
    }
}

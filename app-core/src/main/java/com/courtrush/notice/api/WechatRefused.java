package com.courtrush.notice.api;

/**
 * WeChat refused a subscribe notification for good ({@code errcode}: 43101 the user has no consent left for the
 * template, 40037 a template the account has not chosen, 47003 a value it does not take, 40003 a user not of the
 * account): sending it again would be refused again.
 */
public class WechatRefused extends RuntimeException {

    private final int errcode;
    private final String errmsg;

    public WechatRefused(int errcode, String errmsg) {
        super("WeChat refused the notification: errcode " + errcode + " " + errmsg);
        this.errcode = errcode;
        this.errmsg = errmsg;
    }

    /** WeChat's own words: {@code user refuse to accept the msg}. */
    public String errmsg() {
        return errmsg;
    }

    /** WeChat's code: 43101 when the user's consent is spent or was never given. */
    public int errcode() {
        return errcode;
    }
}

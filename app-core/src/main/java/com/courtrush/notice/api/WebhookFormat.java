package com.courtrush.notice.api;

/** How the webhook's body is written. */
public enum WebhookFormat {
    /** A WeCom or DingTalk group robot: {"msgtype":"text","text":{"content":...}} */
    ROBOT,
    /** {"messageId","kind","text","time"} */
    JSON
}

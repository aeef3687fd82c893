package com.courtrush.reserve.record;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;

/**
 * A granted place on its way to the database: published as JSON to {@code reserve.direct}.
 *
 * @param time when Redis granted it, epoch milliseconds (Redis clock)
 */
public record ReserveMessage(String traceId, long userId, long slotId, long sessionId, long time) {

    private static final String SEPARATOR = "|";

    public byte[] toJson() {
        return JSON.toJSONBytes(this);
    }

    /** Parses a message body; throws {@link IllegalArgumentException} when it is not one. */
    public static ReserveMessage fromJson(byte[] body) {
        try {
            ReserveMessage message = JSON.parseObject(body, ReserveMessage.class);
            if (message == null
                    || message.traceId() == null
                    || message.traceId().isBlank()
                    || message.userId() <= 0
                    || message.slotId() <= 0
                    || message.sessionId() <= 0) {
                throw new IllegalArgumentException("not a complete reserve message");
            }
            return message;
        } catch (JSONException e) {
            throw new IllegalArgumentException("not a reserve message: " + e.getMessage(), e);
        }
    }

    /** The grant's member in its opening's in-flight set: "traceId|userId|slotId|sessionId". */
    public String inflightMember() {
        return traceId + SEPARATOR + userId + SEPARATOR + slotId + SEPARATOR + sessionId;
    }

    /** The pending record's value: "userId:slotId:sessionId". */
    public String pendingValue() {
        return userId + ":" + slotId + ":" + sessionId;
    }

    public static ReserveMessage fromInflight(String member, long time) {
        String[] parts = member.split("\\|");
        if (parts.length != 4) {
            throw new IllegalArgumentException("not an in-flight member: " + member);
        }
        return new ReserveMessage(
                parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2]), Long.parseLong(parts[3]), time);
    }
}

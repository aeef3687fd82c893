package com.courtrush.notice;

import com.courtrush.core.EngineText;

/**
 * How one delivery went — an email handed to the SMTP server, a post to the staff webhook — in a few words of the
 * engine's own: delivered, refused with a short status (an HTTP or SMTP code, a robot's errcode), unreachable, or not
 * allowed where it was pointed. Never the other side's text (issue 45: a receiver's answer quoted back let a manager
 * read what any port of the network said); this is what staff are told, what the delivery keeps and what is logged.
 *
 * @param status the short status of a refusal ("HTTP 403", "SMTP 550", "errcode 93000"), the refusal's name when
 *     not allowed, else null
 */
record Attempt(Result result, String status) {

    /** What became of it. */
    enum Result {
        DELIVERED,
        REFUSED,
        UNREACHABLE,
        NOT_ALLOWED
    }

    static final Attempt DELIVERED = new Attempt(Result.DELIVERED, null);
    static final Attempt UNREACHABLE = new Attempt(Result.UNREACHABLE, null);

    static Attempt refused(String status) {
        return new Attempt(Result.REFUSED, status);
    }

    static Attempt notAllowed(WebhookAddresses.Refusal why) {
        return new Attempt(Result.NOT_ALLOWED, why.name());
    }

    boolean delivered() {
        return result == Result.DELIVERED;
    }

    /** As the delivery keeps it and the log says it: "delivered", "refused (HTTP 403)", "unreachable". */
    String summary() {
        String word = result.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        return status == null ? word : word + " (" + status + ")";
    }

    /** For staff, in their language; {@code target} is where it went (an address, or a webhook's masked URL). */
    EngineText text(String target) {
        return switch (result) {
            case DELIVERED -> new EngineText("channel.delivered", target);
            case REFUSED -> new EngineText("channel.refused", status);
            case UNREACHABLE -> new EngineText("channel.unreachable");
            case NOT_ALLOWED -> new EngineText("channel.notAllowed", new EngineText("channel.refusal." + status));
        };
    }
}

package com.courtrush.bench;

/** What one request got back, as the bench counts it. */
enum Answer {
    PONG,
    SCRIPT_REPLY,
    ACCEPTED,
    ENTERED,
    OUT_OF_STOCK,
    UNGATED,
    TOO_MANY_REQUESTS,
    DUP_REQ,
    QUOTA_EXCEEDED,
    PASS_REQUIRED,
    BLOCKED,
    SHARE_USED,
    FAILED,
    /** 503: the node could not decide now (a part away, or shedding load); it says when to come back. */
    UNAVAILABLE,
    OTHER,
    IO_ERROR;

    private static final Answer[] VALUES = values();

    /** An answer of {@code POST /reserve/}: 202 is a granted place, 503 unavailable, anything else by its outcome code. */
    static Answer ofReserve(int status, String enumCode) {
        if (status == 202) {
            return ACCEPTED;
        }
        if (status == 503) {
            return UNAVAILABLE;
        }
        if (enumCode == null) {
            return OTHER;
        }
        return switch (enumCode) {
            case "OUT_OF_STOCK" -> OUT_OF_STOCK;
            case "UNGATED" -> UNGATED;
            case "TOO_MANY_REQUESTS" -> TOO_MANY_REQUESTS;
            case "DUP_REQ" -> DUP_REQ;
            case "QUOTA_EXCEEDED" -> QUOTA_EXCEEDED;
            case "PASS_REQUIRED" -> PASS_REQUIRED;
            case "BLOCKED" -> BLOCKED;
            case "SHARE_USED" -> SHARE_USED;
            case "FAILED" -> FAILED;
            default -> OTHER;
        };
    }

    static Answer of(int ordinal) {
        return VALUES[ordinal];
    }
}

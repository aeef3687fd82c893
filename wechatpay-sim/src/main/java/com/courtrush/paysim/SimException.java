package com.courtrush.paysim;

/** A WeChat Pay error answer: HTTP status plus {@code {"code":"…","message":"…"}}. */
final class SimException extends RuntimeException {

    private final int status;
    private final String code;

    SimException(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }
}

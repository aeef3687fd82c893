package com.courtrush.web;

import com.courtrush.core.Outcome;

/** The envelope of every answer: {@code {"code", "enumCode", "message", "data"}}. */
public record ApiResponse<T>(int code, Outcome enumCode, String message, T data) {

    public static <T> ApiResponse<T> ok(T data) {
        return new ApiResponse<>(Outcome.SUCCESS.code(), Outcome.SUCCESS, Outcome.SUCCESS.defaultMessage(), data);
    }

    public static <T> ApiResponse<T> ok(String message, T data) {
        return new ApiResponse<>(Outcome.SUCCESS.code(), Outcome.SUCCESS, message, data);
    }

    public static <T> ApiResponse<T> of(Outcome outcome, String message, T data) {
        return new ApiResponse<>(outcome.code(), outcome, message == null ? outcome.defaultMessage() : message, data);
    }
}

package com.courtrush.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;

/** The language a caller asked for: its Accept-Language, or English when it named none. */
public final class RequestLocales {

    private RequestLocales() {}

    public static Locale of(HttpServletRequest request) {
        String header = request.getHeader("Accept-Language");
        return header == null || header.isBlank() ? Locale.ENGLISH : request.getLocale();
    }
}

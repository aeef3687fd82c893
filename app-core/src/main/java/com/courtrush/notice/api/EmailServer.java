package com.courtrush.notice.api;

/** The gym's SMTP server and the address its mail comes from. */
public record EmailServer(
        String host, int port, String username, String password, String from, SmtpSecurity security) {}

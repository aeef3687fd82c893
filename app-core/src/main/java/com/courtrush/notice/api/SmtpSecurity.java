package com.courtrush.notice.api;

/** How the SMTP connection is protected. */
public enum SmtpSecurity {
    NONE,
    STARTTLS,
    SSL
}

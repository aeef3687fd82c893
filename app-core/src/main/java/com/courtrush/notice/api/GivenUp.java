package com.courtrush.notice.api;

/** Notices' emails and staff alerts given up, or sent again. */
public record GivenUp(int emails, int alerts) {}

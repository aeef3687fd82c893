package com.courtrush.account.api;

import java.util.List;

/** A page of accounts and the total matching. */
public record StudentPage(List<Student> records, long total) {}

package com.courtrush.account.api;

import java.util.List;

/** A page of students and how many match: exact, or — {@code totalCapped} — the count reached (there are more). */
public record StudentPage(List<Student> records, long total, boolean totalCapped) {}

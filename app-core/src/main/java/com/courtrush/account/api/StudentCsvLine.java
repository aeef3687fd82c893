package com.courtrush.account.api;

/** A student as written on a line of a CSV file (the header is line 1). */
public record StudentCsvLine(long number, NewStudent student) {}

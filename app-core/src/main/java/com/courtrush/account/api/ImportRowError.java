package com.courtrush.account.api;

import com.courtrush.core.EngineText;

/**
 * Why one row of an import is not valid: {@code row} is the line of the file (or the row of the sheet) as the person
 * sees it, the header being line 1 — or, for students sent as a JSON list, their place in it from 1. The message reads
 * in the console's language, or the request's over HTTP.
 */
public record ImportRowError(int row, String studentId, EngineText message) {}

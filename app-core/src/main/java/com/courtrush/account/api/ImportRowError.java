package com.courtrush.account.api;

import com.courtrush.core.EngineText;

/**
 * Why one row of an import is not valid (rows count from 1); the message reads in the console's
 * language, or the request's over HTTP.
 */
public record ImportRowError(int row, String studentId, EngineText message) {}

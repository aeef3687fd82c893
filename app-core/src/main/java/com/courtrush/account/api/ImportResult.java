package com.courtrush.account.api;

import java.util.List;

/** What an import of students did. */
public record ImportResult(int created, List<String> alreadyPresent) {}

package com.courtrush.campus.api;

import java.util.List;

/**
 * What the directory answered when a manager tried the settings: whether it speaks the protocol at the address
 * given, and what it said, line by line, in the manager's language.
 */
public record CampusTrial(boolean ok, String summary, List<String> answered) {}

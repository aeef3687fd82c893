package com.courtrush.campus.api;

/** What the students' page is told before sign-in: whether to offer the campus account, and its name. */
public record CampusOffer(boolean enabled, CampusProtocol protocol, String label) {}

package com.courtrush.account.api;

/** A staff account to create. */
public record NewStaff(String staffId, String name, String password, Role role) {}

package com.courtrush.account.api;

import com.courtrush.account.Role;

/** A staff account to create. */
public record NewStaff(String staffId, String name, String password, Role role) {}

package com.courtrush.account;

/** What an account may do. The admin token acts as STAFF. */
public enum Role {
    STUDENT,
    STAFF;

    public String authority() {
        return "ROLE_" + name();
    }
}

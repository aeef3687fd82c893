package com.courtrush.account.api;

import java.util.List;

/**
 * What an account may do. STAFF run the desk; a MANAGER is staff who also manages staff accounts
 * and settings. The admin token acts as a MANAGER (automation and other nodes).
 */
public enum Role {
    STUDENT,
    STAFF,
    MANAGER;

    public String authority() {
        return "ROLE_" + name();
    }

    /** Staff or manager. */
    public boolean isStaff() {
        return this != STUDENT;
    }

    /** The Spring Security authorities of the role: a manager holds the staff's as well. */
    public List<String> authorities() {
        return this == MANAGER ? List.of(authority(), STAFF.authority()) : List.of(authority());
    }
}

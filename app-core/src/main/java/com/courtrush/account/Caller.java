package com.courtrush.account;

import com.courtrush.web.CourtRushException;
import com.courtrush.web.Outcome;
import java.time.Instant;

/**
 * Who is calling: a student or staff account (with its token id), or the admin token.
 *
 * @param userId    the account's id; null for the admin token
 * @param name      the student id, or "admin"
 * @param tokenId   the token's id (for logout); null for the admin token
 * @param expiresAt when the token stops working; null for the admin token
 */
public record Caller(Long userId, String name, Role role, String tokenId, Instant expiresAt) {

    public static final String ADMIN_NAME = "admin";

    public static Caller admin() {
        return new Caller(null, ADMIN_NAME, Role.STAFF, null, null);
    }

    /** Staff at the console (no account, no token), named for the audit trail, e.g. "console:alice". */
    public static Caller console(String who) {
        return new Caller(null, "console:" + who, Role.STAFF, null, null);
    }

    public boolean isStaff() {
        return role == Role.STAFF;
    }

    /** How the audit trail names this caller. */
    public String actor() {
        return userId == null ? name : (isStaff() ? "staff:" : "student:") + name;
    }

    /** The user id of a student; a clear refusal for the admin token, which is nobody's account. */
    public long requireUserId() {
        if (userId == null) {
            throw new CourtRushException(Outcome.FORBIDDEN,
                    "auth.adminIsNotStudent");
        }
        return userId;
    }
}

package com.courtrush.account.api;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import java.time.Instant;

/**
 * Who is calling: a student or staff account (with its token id), or the admin token.
 *
 * @param userId    the account's id; null for the admin token
 * @param name      the student or staff id, or "admin" for the admin token
 * @param tokenId   the token's id (for logout); null for the admin token and the console
 * @param expiresAt when the token stops working; null for the admin token and the console
 * @param category  what the account books as (SPEC §21), as its node last read it
 */
public record Caller(Long userId, String name, Role role, String tokenId, Instant expiresAt, Category category) {

    public Caller {
        category = category == null ? Category.STUDENT : category;
    }

    /** A caller who books as a student. */
    public Caller(Long userId, String name, Role role, String tokenId, Instant expiresAt) {
        this(userId, name, role, tokenId, expiresAt, Category.STUDENT);
    }

    /** How the audit trail names the admin token (automation, other nodes). */
    public static final String ADMIN_NAME = "admin";

    /** The admin token: nobody's account, with a manager's rights. */
    public static Caller admin() {
        return new Caller(null, ADMIN_NAME, Role.MANAGER, null, null);
    }

    /** A staff account signed in at the console (no bearer token): the audit names the person. */
    public static Caller atDesk(long userId, String staffId, Role role) {
        if (!role.isStaff()) {
            throw new IllegalArgumentException("A student cannot run the console: " + staffId);
        }
        return new Caller(userId, staffId, role, null, null);
    }

    /** Staff or manager, an account or the admin token. */
    public boolean isStaff() {
        return role.isStaff();
    }

    public boolean isManager() {
        return role == Role.MANAGER;
    }

    /** How the audit trail names this caller: "admin", "staff:&lt;id&gt;" or "student:&lt;id&gt;". */
    public String actor() {
        return userId == null ? name : (isStaff() ? "staff:" : "student:") + name;
    }

    /**
     * Whether this caller is the account a student's thing (a booking, an order) belongs to: never the admin
     * token, which is nobody's account.
     */
    public boolean owns(Long ownerId) {
        return userId != null && userId.equals(ownerId);
    }

    /** Whether this caller may see a student's thing: its owner, or staff (the admin token too). */
    public boolean maySee(Long ownerId) {
        return isStaff() || owns(ownerId);
    }

    /** The user id of a student; a clear refusal for the admin token, which is nobody's account. */
    public long requireUserId() {
        if (userId == null) {
            throw new CourtRushException(Outcome.FORBIDDEN, "auth.adminIsNotStudent");
        }
        return userId;
    }

    /** Refuses (403) a caller that is not a manager (or the admin token); none at all too. */
    public static void requireManager(Caller caller) {
        if (caller == null || !caller.isManager()) {
            throw CourtRushException.forbidden("auth.managersOnly");
        }
    }

    /** Refuses (403) a caller that is not staff (a manager and the admin token are); none at all too. */
    public static void requireStaff(Caller caller) {
        if (caller == null || !caller.isStaff()) {
            throw CourtRushException.forbidden("http.forbidden");
        }
    }
}

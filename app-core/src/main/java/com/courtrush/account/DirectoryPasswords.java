package com.courtrush.account;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The university's directory checking an id and password itself (SPEC §18, LDAP bind), when a manager set one up:
 * the page's and the console's one sign-in form then serves campus accounts too, and the engine keeps no password
 * for them. Implemented by the campus sign-in.
 */
public interface DirectoryPasswords {

    /** The directory's name for itself in the audit trail and sign-in sources ({@code LDAP}), while it checks passwords. */
    Optional<String> checking();

    /**
     * The person the directory knows by {@code id} and {@code password}, after the gym's rules; runs on a directory
     * thread, never longer than the campus sign-in's bound. Fails with a 401 {@code auth.wrongCredentials} (no such
     * person, or not their password), a 403 {@code campus.notAllowed} (the gym's rules let them neither book nor
     * work the desk), or a 503 {@code campus.directoryDown} / {@code campus.busy}.
     */
    CompletableFuture<DirectoryAccounts.DirectoryPerson> check(String id, String password);
}

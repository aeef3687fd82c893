package com.courtrush.account;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The university's directory checking an id and password itself (SPEC §18, LDAP bind), when a manager set one up:
 * the page's and the console's one sign-in form then serves campus accounts too, and the engine keeps no password
 * for them. Implemented by the campus sign-in.
 */
public interface DirectoryPasswords {

    /**
     * While the directory checks passwords: the gym's name for it, as the page shows it ("统一身份认证"; blank when the
     * gym gave none).
     */
    Optional<String> checking();

    /**
     * The person the directory knows by {@code id} and {@code password}, after the gym's rules; runs on a directory
     * thread, never longer than the campus sign-in's bound. Fails with a 401 {@code auth.wrongCredentials} (no such
     * person, or not their password), a 403 {@code campus.notAllowed} (the gym's rules let them neither book nor
     * work the desk), or a 503 {@code campus.directoryDown} / {@code campus.busy}.
     */
    CompletableFuture<DirectoryAccounts.DirectoryPerson> check(String id, String password);
}

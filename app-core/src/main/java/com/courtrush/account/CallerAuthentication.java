package com.courtrush.account;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * A verified bearer token, as Spring Security sees it. The principal is the {@link Caller}; its
 * authorities are its role and, for a signed-in account (not the admin token), {@link #ACCOUNT}.
 */
final class CallerAuthentication extends AbstractAuthenticationToken {

    /** Held by a signed-in account: what the admin token, which is nobody's, lacks. */
    static final String ACCOUNT = "ACCOUNT";

    private final Caller caller;

    CallerAuthentication(Caller caller) {
        super(caller.userId() == null ? List.of(new SimpleGrantedAuthority(caller.role().authority()))
                : List.of(new SimpleGrantedAuthority(caller.role().authority()), new SimpleGrantedAuthority(ACCOUNT)));
        this.caller = caller;
        setAuthenticated(true);
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }
}

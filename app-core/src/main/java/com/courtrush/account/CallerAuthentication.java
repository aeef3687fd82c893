package com.courtrush.account;

import com.courtrush.account.api.Caller;
import java.util.ArrayList;
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
        super(authorities(caller));
        this.caller = caller;
        setAuthenticated(true);
    }

    private static List<SimpleGrantedAuthority> authorities(Caller caller) {
        List<SimpleGrantedAuthority> authorities = new ArrayList<>();
        caller.role().authorities().forEach(name -> authorities.add(new SimpleGrantedAuthority(name)));
        if (caller.userId() != null) {
            authorities.add(new SimpleGrantedAuthority(ACCOUNT));
        }
        return authorities;
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

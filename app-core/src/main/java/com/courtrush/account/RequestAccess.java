package com.courtrush.account;

import com.courtrush.account.api.Caller;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.stereotype.Component;

/**
 * The security chain's decision for a request served ahead of the chain (the students' {@code POST
 * /reserve/}, the rush's one hot path): the same firewall, the same bearer-token check and the same
 * authorization rules — the chain's own objects, asked directly. It only ever lets a request through:
 * whatever the chain would refuse (no token, a bad or ended one, a role the rules do not admit, a
 * request the firewall rejects, a database that cannot check a token) is left to the chain, which
 * answers it as it answers every other request.
 */
@Component
public class RequestAccess {

    private static final Logger log = LoggerFactory.getLogger(RequestAccess.class);

    private final HttpFirewall firewall;
    private final TokenService tokens;
    private final RecentStudents recent;
    private final AuthorizationManager<HttpServletRequest> rules;

    RequestAccess(HttpFirewall firewall, TokenService tokens, RecentStudents recent, List<SecurityFilterChain> chains) {
        this.firewall = firewall;
        this.tokens = tokens;
        this.recent = recent;
        this.rules = rulesOf(chains);
    }

    /** The chain's authorization rules: the manager its {@link AuthorizationFilter} asks. */
    private static AuthorizationManager<HttpServletRequest> rulesOf(List<SecurityFilterChain> chains) {
        if (chains.size() != 1) {
            throw new IllegalStateException("Expected the API's one security chain, found " + chains.size());
        }
        return chains.get(0).getFilters().stream()
                .filter(AuthorizationFilter.class::isInstance)
                .map(filter -> ((AuthorizationFilter) filter).getAuthorizationManager())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("The security chain has no authorization filter"));
    }

    /**
     * The request as the firewall checks it, and who sends it, when the chain would let it through to its
     * handler; null when the chain is to answer it. {@code headers} names the other headers the handler
     * reads: the firewall checks each on reading, as in the chain, so a bad one is left to the chain too.
     */
    public Admitted admit(HttpServletRequest request, String... headers) {
        HttpServletRequest checked;
        String token;
        try {
            checked = firewall.getFirewalledRequest(request);
            token = BearerTokenFilter.tokenOf(checked.getHeader(HttpHeaders.AUTHORIZATION));
            for (String header : headers) {
                checked.getHeader(header);
            }
        } catch (RequestRejectedException rejected) {
            return null;
        }
        if (token == null || token.isEmpty()) {
            return null;
        }
        Caller caller;
        try {
            caller = tokens.authenticate(token);
        } catch (DataAccessException e) {
            log.debug("A token could not be checked ahead of the chain ({}); the chain answers", e.toString());
            return null;
        }
        if (caller == null) {
            return null;
        }
        CallerAuthentication authentication = new CallerAuthentication(caller);
        Supplier<Authentication> who = () -> authentication;
        AuthorizationResult decision = rules.authorize(who, checked);
        if (decision == null || !decision.isGranted()) {
            return null;
        }
        recent.seen(caller);
        return new Admitted(checked, caller);
    }

    /** A request the chain's rules let through: as the firewall checks it, and its caller. */
    public record Admitted(HttpServletRequest request, Caller caller) {}
}

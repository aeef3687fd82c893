package com.courtrush.campus.api;

/** How the university's identity service signs its people in (SPEC §18). */
public enum CampusProtocol {
    /** CAS 3.0: a service ticket validated at {@code /p3/serviceValidate}, with attributes. */
    CAS,
    /** OpenID Connect: authorization code with PKCE, the ID token checked against the provider's keys. */
    OIDC,
    /**
     * LDAP bind: the page's and the console's own form, the id and password checked by the directory (simple bind or
     * search-then-bind, over LDAPS or StartTLS); no password kept here.
     */
    LDAP
}

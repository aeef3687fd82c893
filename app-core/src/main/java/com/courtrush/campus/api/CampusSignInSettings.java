package com.courtrush.campus.api;

/**
 * The campus sign-in as a manager sets it (SPEC §18). Attribute names are the directory's (a CAS attribute,
 * an ID token claim); a list of values is comma separated, matched whole and ignoring case.
 *
 * @param enabled whether the page offers it
 * @param protocol CAS or OIDC
 * @param label the gym's name for it on the page ("统一身份认证"); blank: "campus account"
 * @param publicUrl this engine's address as students reach it ({@code https://gym.example.edu}): the only place
 *     the directory sends them back to; registered with the directory
 * @param serverUrl CAS: the server's prefix ({@code https://cas.example.edu/cas}); OIDC: the issuer
 * @param clientId OIDC: this engine's client id at the provider; CAS: not used
 * @param clientSecret OIDC: the client's secret, blank for a public client (PKCE alone); shown masked
 * @param idAttribute the attribute holding the student (or staff) id; blank: the CAS user, or the OIDC
 *     {@code preferred_username}
 * @param nameAttribute the attribute holding the display name; blank: {@code name}
 * @param emailAttribute the attribute holding the email; blank: {@code email}
 * @param bookAttribute the attribute the booking rule reads ({@code affiliation})
 * @param bookValues who may book: any of these values in {@code bookAttribute} ({@code student})
 * @param staffAttribute the attribute holding groups for staff roles ({@code groups}); blank: no staff from the
 *     directory
 * @param staffValues values of {@code staffAttribute} that make a STAFF account
 * @param managerValues values of {@code staffAttribute} that make a MANAGER account
 * @param facultyValues values of {@code bookAttribute} that make a person book as FACULTY (SPEC §21: the faculty's
 *     prices and venues), taken at each sign-in; blank: the directory does not say, the gym's setting stands
 */
public record CampusSignInSettings(
        boolean enabled,
        CampusProtocol protocol,
        String label,
        String publicUrl,
        String serverUrl,
        String clientId,
        String clientSecret,
        String idAttribute,
        String nameAttribute,
        String emailAttribute,
        String bookAttribute,
        String bookValues,
        String staffAttribute,
        String staffValues,
        String managerValues,
        String facultyValues) {

    /** Shown instead of a secret that is set. */
    public static final String MASK = "••••••";

    /** Nothing set: the page offers local accounts only. */
    public static CampusSignInSettings none() {
        return new CampusSignInSettings(
                false,
                CampusProtocol.OIDC,
                "",
                "",
                "",
                "",
                "",
                "",
                "name",
                "email",
                "affiliation",
                "student",
                "",
                "",
                "",
                "");
    }
}

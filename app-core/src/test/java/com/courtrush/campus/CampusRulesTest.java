package com.courtrush.campus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.account.api.Role;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.core.CourtRushException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CampusRulesTest {

    private static CampusSignInSettings settings(String bookValues, String staffAttribute) {
        return new CampusSignInSettings(
                true,
                CampusProtocol.CAS,
                " 统一身份认证 ",
                "https://gym.example.edu/",
                "https://cas.example.edu/cas/",
                "",
                "",
                "",
                "displayName",
                "mail",
                "affiliation",
                bookValues,
                staffAttribute,
                "gym-staff",
                "gym-managers",
                "");
    }

    @Test
    void theDirectorysAttributesMakeAManagerStaffAStudentOrNobody() {
        CampusSignInSettings rules = settings(" Student , graduate", "groups");
        assertThat(CampusRules.roleOf(rules, Map.of("groups", List.of("x", "GYM-MANAGERS"), "affiliation", List.of())))
                .isEqualTo(Role.MANAGER);
        assertThat(CampusRules.roleOf(rules, Map.of("groups", List.of("gym-staff"), "affiliation", List.of("student"))))
                .isEqualTo(Role.STAFF);
        assertThat(CampusRules.roleOf(rules, Map.of("affiliation", List.of("member", "graduate"))))
                .isEqualTo(Role.STUDENT);
        // whole values only: "students" is not "student"
        assertThat(CampusRules.roleOf(rules, Map.of("affiliation", List.of("students", "alumni"))))
                .isNull();
        assertThat(CampusRules.roleOf(rules, Map.of())).isNull();
        // no staff attribute set: groups make nobody staff
        assertThat(CampusRules.roleOf(settings("student", ""), Map.of("groups", List.of("gym-managers"))))
                .isNull();
    }

    @Test
    void attributesComeAsListsOfStringsWhateverTheirShape() {
        Map<String, List<String>> attributes = CampusRules.normalized(
                Map.of("one", "a", "many", List.of("b", 3), "flag", Boolean.TRUE, "array", new String[] {"c", "d"}));
        assertThat(attributes)
                .containsEntry("one", List.of("a"))
                .containsEntry("many", List.of("b", "3"))
                .containsEntry("flag", List.of("true"))
                .containsEntry("array", List.of("c", "d"));
        assertThat(CampusRules.first(attributes, "many")).isEqualTo("b");
        assertThat(CampusRules.first(attributes, "none")).isNull();
    }

    @Test
    void settingsAreTidiedWhenSavedOrRefusedSayingWhatIsWrong() {
        CampusSignInSettings tidy = CampusSetup.checked(settings("student", "groups"));
        assertThat(tidy.publicUrl()).isEqualTo("https://gym.example.edu");
        assertThat(tidy.serverUrl()).isEqualTo("https://cas.example.edu/cas");
        assertThat(tidy.label()).isEqualTo("统一身份认证");

        assertThatThrownBy(() -> CampusSetup.checked(settings("", "groups")))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.key()).isEqualTo("campus.invalid.bookRule"));
        CampusSignInSettings s = settings("student", "groups");
        assertThatThrownBy(() -> CampusSetup.checked(new CampusSignInSettings(
                        true,
                        CampusProtocol.OIDC,
                        "",
                        s.publicUrl(),
                        s.serverUrl(),
                        " ",
                        "",
                        "",
                        "",
                        "",
                        "affiliation",
                        "student",
                        "",
                        "",
                        "",
                        "")))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.key()).isEqualTo("campus.invalid.clientId"));
        for (String bad : List.of(
                "javascript:alert(1)",
                "https://gym.example.edu/?next=evil",
                "gym.example.edu",
                "https://user@gym.example.edu",
                "ftp://gym.example.edu")) {
            assertThatThrownBy(() -> CampusSetup.checked(new CampusSignInSettings(
                            true,
                            CampusProtocol.CAS,
                            "",
                            bad,
                            s.serverUrl(),
                            "",
                            "",
                            "",
                            "",
                            "",
                            "affiliation",
                            "student",
                            "",
                            "",
                            "",
                            "")))
                    .as(bad)
                    .isInstanceOfSatisfying(
                            CourtRushException.class, e -> assertThat(e.key()).isEqualTo("campus.invalid.publicUrl"));
        }
        // the directory's answers decide who signs in: https, but to this machine (a test's directory)
        assertThatThrownBy(() -> CampusSetup.checked(withServer(s, "http://cas.example.edu/cas")))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.key()).isEqualTo("campus.invalid.https"));
        assertThat(CampusSetup.checked(withServer(s, "http://127.0.0.1:8443/cas"))
                        .serverUrl())
                .isEqualTo("http://127.0.0.1:8443/cas");
        assertThatThrownBy(() -> CampusSetup.checked(new CampusSignInSettings(
                        true,
                        CampusProtocol.CAS,
                        "",
                        s.publicUrl(),
                        s.serverUrl(),
                        "",
                        "",
                        "uid<script>",
                        "",
                        "",
                        "affiliation",
                        "student",
                        "",
                        "",
                        "",
                        "")))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.key()).isEqualTo("campus.invalid.attribute"));
    }

    private static CampusSignInSettings withServer(CampusSignInSettings s, String serverUrl) {
        return new CampusSignInSettings(
                true,
                CampusProtocol.CAS,
                "",
                s.publicUrl(),
                serverUrl,
                "",
                "",
                "",
                "",
                "",
                "affiliation",
                "student",
                "",
                "",
                "",
                "");
    }
}

package com.courtrush.staff;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a settings change reads in the audit trail: old → new, never a secret's value. */
class StaffSettingsChangeTest {

    @Test
    void aChangeReadsOldToNewAndTheDefaultAsADash() {
        assertThat(StaffSettings.change("PAY_TIMEOUT_MINUTES", "15", "20")).isEqualTo("PAY_TIMEOUT_MINUTES: 15 → 20");
        assertThat(StaffSettings.change("server.port", "", "8090")).isEqualTo("server.port: — → 8090");
    }

    @Test
    void aSecretsValuesAreNeverKept() {
        assertThat(StaffSettings.change("spring.datasource.password", "old-secret", "new-secret"))
                .isEqualTo("spring.datasource.password: ••• → •••")
                .doesNotContain("secret");
        assertThat(StaffSettings.change(StaffSettings.ADMIN_TOKEN_KEY, "tok-1", "tok-2"))
                .doesNotContain("tok-");
    }
}

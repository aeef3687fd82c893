package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.support.TestProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminTokenTest {

    @TempDir
    Path dataDir;

    @Test
    void aConfiguredTokenShorterThan32CharactersStopsTheStartWithTheReason() {
        assertThatThrownBy(() -> new AdminToken(TestProperties.courtRush(
                        Map.of("courtrush.data-dir", dataDir.toString(), "courtrush.admin-token", "change-me"))))
                .isInstanceOf(InfraConfigException.class)
                .hasMessageContaining("courtrush.admin-token")
                .hasMessageContaining("at least 32");
    }

    @Test
    void aGeneratedTokenIsLongAndKeptPrivately() throws IOException {
        AdminToken generated =
                new AdminToken(TestProperties.courtRush(Map.of("courtrush.data-dir", dataDir.toString())));
        assertThat(generated.reveal()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(generated.file())))
                .isEqualTo("rw-------");
        AdminToken again = new AdminToken(TestProperties.courtRush(Map.of("courtrush.data-dir", dataDir.toString())));
        assertThat(again.reveal()).isEqualTo(generated.reveal());
    }
}

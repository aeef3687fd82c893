package com.courtrush.infra.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {

    @TempDir
    Path temp;

    @Test
    void aNewDataDirectoryIsCreatedPrivate() throws IOException {
        Path dir = temp.resolve("new").resolve("data");
        assertThat(DataDirectory.prepare(dir)).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                .isEqualTo("rwx------");
    }

    @Test
    void anExistingOneIsTightenedWhateverItHolds() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("data"));
        Path db = Files.createDirectories(dir.resolve("db"));
        Path file = Files.writeString(db.resolve("courtrush.mv.db"), "rows");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(DataDirectory.prepare(dir)).isEqualTo(3);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(db)))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(DataDirectory.prepare(dir)).as("nothing left to tighten").isZero();
    }

    @Test
    void aSecretIsWrittenPrivateFromItsFirstByte() throws IOException {
        Path secret = temp.resolve("data").resolve("admin-token");
        DataDirectory.writePrivately(secret, "s3cret\n");
        assertThat(Files.readString(secret)).isEqualTo("s3cret\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)))
                .isEqualTo("rw-------");
        assertThat(Files.list(secret.getParent())).containsExactly(secret); // no temporary file left behind
    }
}

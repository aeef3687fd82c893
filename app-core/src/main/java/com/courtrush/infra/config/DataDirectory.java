package com.courtrush.infra.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data directory holds the database, the broker's store and the secrets (the token-signing
 * secret is in the database): it is private to the user running the engine. It is created 0700
 * before anything is written into it; an existing one is tightened at start (directories 0700,
 * files 0600, a program 0700), said once in the log; what the embedded services create while
 * starting is tightened once they are up, and what they create later sits in private folders.
 * Secret files are written private from their first byte. On a file system without POSIX
 * permissions (Windows) the user's profile folder protects it instead.
 */
public final class DataDirectory {

    private static final Logger log = LoggerFactory.getLogger(DataDirectory.class);
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    /** The embedded redis-server's binary: its owner may still run it. */
    private static final Set<PosixFilePermission> PROGRAM = PosixFilePermissions.fromString("rwx------");

    private static final boolean POSIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private DataDirectory() {}

    /** Creates the directory private, or makes an existing one private; returns how many entries were opened too wide. */
    public static int prepare(Path dir) {
        try {
            if (!Files.exists(dir)) {
                if (POSIX) {
                    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DIRECTORY));
                    Files.setPosixFilePermissions(dir, DIRECTORY); // createDirectories is subject to the umask
                } else {
                    Files.createDirectories(dir);
                }
                return 0;
            }
            int tightened = tighten(dir);
            if (tightened > 0) {
                log.warn(
                        "Data directory {}: {} file(s) or folder(s) could be read by other users; made private "
                                + "to this user (folders 0700, files 0600)",
                        dir,
                        tightened);
            }
            return tightened;
        } catch (IOException e) {
            throw new InfraConfigException(
                    "Cannot create or protect the data directory " + dir + ": " + e.getMessage(),
                    "Set courtrush.data-dir to a folder this user owns.",
                    e);
        }
    }

    /** Makes everything in the directory private; returns how many entries it changed. */
    public static int tighten(Path dir) {
        if (!POSIX || !Files.isDirectory(dir)) {
            return 0;
        }
        AtomicInteger changed = new AtomicInteger();
        Consumer<Path> restrict = path -> {
            try {
                if (Files.isSymbolicLink(path)) {
                    return;
                }
                Set<PosixFilePermission> now = Files.getPosixFilePermissions(path);
                Set<PosixFilePermission> wanted = Files.isDirectory(path)
                        ? DIRECTORY
                        : now.contains(PosixFilePermission.OWNER_EXECUTE) ? PROGRAM : FILE;
                if (!now.equals(wanted)) {
                    Files.setPosixFilePermissions(path, wanted);
                    changed.incrementAndGet();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        try (Stream<Path> all = Files.walk(dir)) {
            all.forEach(restrict);
        } catch (IOException | UncheckedIOException e) {
            // a file that vanished while walking (a temporary file of the database) is not worth failing for
            log.debug("Could not tighten everything under {}", dir, e);
        }
        return changed.get();
    }

    /** Writes a file readable by this user only from its first byte, replacing it whole (never half-written). */
    public static void writePrivately(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        // a temporary file is created 0600 on POSIX file systems
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temp, content);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}

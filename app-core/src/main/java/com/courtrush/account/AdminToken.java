package com.courtrush.account;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DataDirectory;
import com.courtrush.infra.config.InfraConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * The staff's bearer token: {@code courtrush.admin-token} / {@code COURTRUSH_ADMIN_TOKEN}, or,
 * when not configured, one generated once and kept in {@code <data-dir>/admin-token}. Its value is
 * never logged, only where it is.
 */
@Component
public class AdminToken {

    static final String FILE_NAME = "admin-token";

    private static final Logger log = LoggerFactory.getLogger(AdminToken.class);

    private final byte[] token;
    private final Path file;

    AdminToken(CourtRushProperties properties) {
        if (StringUtils.hasText(properties.adminToken())) {
            String configured = properties.adminToken().strip();
            if (configured.length() < CourtRushProperties.ADMIN_TOKEN_MIN_LENGTH) {
                throw new InfraConfigException(
                        "courtrush.admin-token (COURTRUSH_ADMIN_TOKEN) has " + configured.length()
                                + " characters; an admin token needs at least "
                                + CourtRushProperties.ADMIN_TOKEN_MIN_LENGTH
                                + ".",
                        "Use a long random value, e.g. the output of: openssl rand -hex 24 — or leave it unset "
                                + "in embedded mode to have one generated.");
            }
            this.token = configured.getBytes(StandardCharsets.UTF_8);
            this.file = null;
            log.info("Admin token: taken from courtrush.admin-token / COURTRUSH_ADMIN_TOKEN");
        } else {
            this.file = properties.dataDir().resolve(FILE_NAME);
            this.token = readOrCreate(file).getBytes(StandardCharsets.UTF_8);
            if (!properties.embedded()) {
                log.warn("Admin token: generated for this node only; nodes sharing one database should all set "
                        + "courtrush.admin-token");
            }
            log.info("Admin token: stored in {}", file);
        }
    }

    /** Constant-time comparison with the presented bearer token. */
    public boolean matches(String presented) {
        return MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8));
    }

    /** The token itself, for the staff console (which runs on the machine that holds it anyway). */
    public String reveal() {
        return new String(token, StandardCharsets.UTF_8);
    }

    /** Where the generated token is kept; null when it comes from settings. */
    public Path file() {
        return file;
    }

    private static String readOrCreate(Path file) {
        try {
            if (Files.isRegularFile(file)) {
                String stored = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (stored.length() >= CourtRushProperties.ADMIN_TOKEN_MIN_LENGTH) {
                    return stored;
                }
                if (!stored.isEmpty()) {
                    log.warn(
                            "The admin token in {} has fewer than {} characters; a new one replaces it",
                            file,
                            CourtRushProperties.ADMIN_TOKEN_MIN_LENGTH);
                }
            }
            byte[] random = new byte[24];
            new SecureRandom().nextBytes(random);
            String created = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            DataDirectory.writePrivately(file, created + System.lineSeparator());
            return created;
        } catch (IOException e) {
            throw new InfraConfigException(
                    "Cannot read or create the admin token file " + file + ".",
                    "Make the data directory writable, or set courtrush.admin-token.",
                    e);
        }
    }
}

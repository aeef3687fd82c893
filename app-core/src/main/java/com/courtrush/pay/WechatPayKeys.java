package com.courtrush.pay;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DataDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The live merchant's secrets, as files readable by this user only (0600) in the data directory (or
 * {@code courtrush.pay.wechat-key-dir}): its API private key, the APIv3 key, and WeChat Pay's public key. Never
 * in the database, so never in a backup; never logged, never answered back.
 */
@Component
class WechatPayKeys {

    static final String PRIVATE_KEY = "apiclient_key.pem";
    static final String API_V3_KEY = "apiv3.key";
    static final String PLATFORM_KEY = "pub_key.pem";

    private final Path dir;

    WechatPayKeys(CourtRushProperties properties) {
        Path configured = properties.pay().wechatKeyDir();
        this.dir = configured != null ? configured : properties.dataDir().resolve("wechatpay");
    }

    Path dir() {
        return dir;
    }

    /** The three secrets, when all are on file. */
    Optional<Secrets> secrets() {
        return read(PRIVATE_KEY)
                .flatMap(privateKey -> read(API_V3_KEY)
                        .flatMap(apiV3Key ->
                                read(PLATFORM_KEY).map(platform -> new Secrets(privateKey, apiV3Key, platform))));
    }

    boolean has(String name) {
        return Files.isRegularFile(dir.resolve(name));
    }

    /** Replaces those given (non-null), each whole and 0600 from its first byte. */
    void keep(String privateKeyPem, String apiV3Key, String platformKeyPem) {
        write(PRIVATE_KEY, privateKeyPem);
        write(API_V3_KEY, apiV3Key);
        write(PLATFORM_KEY, platformKeyPem);
    }

    private void write(String name, String content) {
        if (content == null) {
            return;
        }
        try {
            DataDirectory.prepare(dir);
            DataDirectory.writePrivately(dir.resolve(name), content.strip() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + dir.resolve(name), e);
        }
    }

    private Optional<String> read(String name) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }

    /** The secrets themselves; {@link #toString} never shows them. */
    record Secrets(String privateKeyPem, String apiV3Key, String platformKeyPem) {
        @Override
        public String toString() {
            return "Secrets[hidden]";
        }
    }
}

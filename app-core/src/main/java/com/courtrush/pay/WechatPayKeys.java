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
    /** The gym's official account's AppSecret: only for paying inside WeChat (JSAPI); optional. */
    static final String APP_SECRET = "appsecret";
    /** The AppSecret of the official account a manager set on its own, without a merchant (SPEC §22). */
    static final String OWN_APP_SECRET = "official-account.appsecret";

    private final Path dir;

    WechatPayKeys(CourtRushProperties properties) {
        Path configured = properties.pay().wechatKeyDir();
        this.dir = configured != null ? configured : properties.dataDir().resolve("wechatpay");
    }

    Path dir() {
        return dir;
    }

    /** The three secrets a merchant needs, when all are on file, and the official account's AppSecret if it is. */
    Optional<Secrets> secrets() {
        Optional<String> privateKey = read(PRIVATE_KEY);
        Optional<String> apiV3Key = read(API_V3_KEY);
        Optional<String> platform = read(PLATFORM_KEY);
        if (privateKey.isEmpty() || apiV3Key.isEmpty() || platform.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Secrets(
                privateKey.get(),
                apiV3Key.get(),
                platform.get(),
                read(APP_SECRET).orElse(null)));
    }

    /** The AppSecret of the official account set on its own, when on file. */
    Optional<String> ownAppSecret() {
        return read(OWN_APP_SECRET);
    }

    /** Replaces the AppSecret of the official account set on its own, 0600 from its first byte. */
    void keepOwnAppSecret(String appSecret) {
        write(OWN_APP_SECRET, appSecret);
    }

    boolean has(String name) {
        return Files.isRegularFile(dir.resolve(name));
    }

    /** Replaces those given (non-null), each whole and 0600 from its first byte. */
    void keep(String privateKeyPem, String apiV3Key, String platformKeyPem, String appSecret) {
        write(PRIVATE_KEY, privateKeyPem);
        write(API_V3_KEY, apiV3Key);
        write(PLATFORM_KEY, platformKeyPem);
        write(APP_SECRET, appSecret);
    }

    private void write(String name, String content) {
        if (content == null || content.isBlank()) {
            return; // not given: the one on file stays
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

    /** The secrets themselves; {@link #toString} never shows them. {@code appSecret}: null when not on file. */
    record Secrets(String privateKeyPem, String apiV3Key, String platformKeyPem, String appSecret) {
        @Override
        public String toString() {
            return "Secrets[hidden]";
        }
    }
}

package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Creates the merchant kit on first start and reads it back on later starts. Besides what the
 * merchant downloads ({@code apiclient_key.pem}, {@code pub_key.pem}, {@code kit.json}) the kit dir
 * holds the simulator's own secrets: WeChat Pay's platform private key and the merchant's public key
 * (which the real WeChat Pay knows from the merchant's API certificate).
 */
final class KitStore {

    static final String MERCHANT_KEY = "apiclient_key.pem";
    static final String PLATFORM_PUBLIC_KEY = "pub_key.pem";
    static final String KIT_JSON = "kit.json";
    static final String PLATFORM_PRIVATE_KEY = "sim-platform-key.pem";
    static final String MERCHANT_PUBLIC_KEY = "sim-merchant-pub.pem";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /** The kit plus the keys the simulator signs and verifies with. */
    record Loaded(
            Kit kit,
            PublicKey merchantPublicKey,
            PrivateKey platformPrivateKey,
            PublicKey platformPublicKey,
            String openId) {}

    private KitStore() {}

    static synchronized Loaded loadOrCreate(Path dir) {
        try {
            Path kitDir = dir.toAbsolutePath().normalize();
            if (!Files.exists(kitDir.resolve(KIT_JSON))) {
                create(kitDir);
            }
            return load(kitDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the simulator kit in " + dir, e);
        }
    }

    private static void create(Path dir) throws IOException {
        Files.createDirectories(dir);
        restrict(dir, "rwx------");
        KeyPair merchant = rsa();
        KeyPair platform = rsa();
        String mchid = "19" + digits(8);
        JSONObject json = new JSONObject();
        json.put("mchid", mchid);
        json.put("merchantSerialNumber", HexFormat.of().formatHex(bytes(20)).toUpperCase(Locale.ROOT));
        json.put("apiV3Key", random(ALNUM, 32));
        json.put("appId", "wx" + HexFormat.of().formatHex(bytes(8)));
        json.put("publicKeyId", "PUB_KEY_ID_01" + mchid + digits(14));
        json.put("merchantName", "CourtRush Demo Gym (simulated)");
        json.put("appSecret", appSecret());
        json.put("openId", openId());
        json.put("simulator", "WeChat Pay SIMULATOR — no money moves; these keys only work against it");
        write(dir.resolve(MERCHANT_KEY), Pem.privateKey(merchant.getPrivate()));
        write(dir.resolve(MERCHANT_PUBLIC_KEY), Pem.publicKey(merchant.getPublic()));
        write(dir.resolve(PLATFORM_PRIVATE_KEY), Pem.privateKey(platform.getPrivate()));
        write(dir.resolve(PLATFORM_PUBLIC_KEY), Pem.publicKey(platform.getPublic()));
        // kit.json last: its presence marks a complete kit
        write(dir.resolve(KIT_JSON), JSON.toJSONString(json, com.alibaba.fastjson2.JSONWriter.Feature.PrettyFormat));
    }

    private static Loaded load(Path dir) throws IOException {
        JSONObject json = JSON.parseObject(Files.readString(dir.resolve(KIT_JSON), StandardCharsets.UTF_8));
        // kits written before JSAPI's OAuth2 was simulated: add the AppSecret and the user's openid once
        boolean upgraded = false;
        if (json.getString("appSecret") == null || json.getString("appSecret").isBlank()) {
            json.put("appSecret", appSecret());
            upgraded = true;
        }
        if (json.getString("openId") == null || json.getString("openId").isBlank()) {
            json.put("openId", openId());
            upgraded = true;
        }
        if (upgraded) {
            write(
                    dir.resolve(KIT_JSON),
                    JSON.toJSONString(json, com.alibaba.fastjson2.JSONWriter.Feature.PrettyFormat));
        }
        String privatePem = Files.readString(dir.resolve(MERCHANT_KEY), StandardCharsets.US_ASCII);
        String publicPem = Files.readString(dir.resolve(PLATFORM_PUBLIC_KEY), StandardCharsets.US_ASCII);
        Kit kit = new Kit(
                json.getString("mchid"),
                json.getString("merchantSerialNumber"),
                dir.resolve(MERCHANT_KEY),
                json.getString("apiV3Key"),
                json.getString("appId"),
                json.getString("publicKeyId"),
                dir.resolve(PLATFORM_PUBLIC_KEY),
                json.getString("merchantName"),
                privatePem,
                publicPem,
                json.getString("appSecret"));
        return new Loaded(
                kit,
                Pem.readPublicKey(Files.readString(dir.resolve(MERCHANT_PUBLIC_KEY), StandardCharsets.US_ASCII)),
                Pem.readPrivateKey(Files.readString(dir.resolve(PLATFORM_PRIVATE_KEY), StandardCharsets.US_ASCII)),
                Pem.readPublicKey(publicPem),
                json.getString("openId"));
    }

    /** An official account's AppSecret: 32 lower-case hex digits. */
    private static String appSecret() {
        return HexFormat.of().formatHex(bytes(16));
    }

    /** The simulated WeChat user's openid under the app id: 28 characters starting with {@code o}. */
    private static String openId() {
        return "o" + random(ALNUM + "-_", 27);
    }

    static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, RANDOM);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp);
        restrict(tmp, "rw-------");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static void restrict(Path path, String permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the user's profile directory is already private
        }
    }

    static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    static String digits(int n) {
        return random("0123456789", n);
    }

    static String random(String alphabet, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return sb.toString();
    }
}

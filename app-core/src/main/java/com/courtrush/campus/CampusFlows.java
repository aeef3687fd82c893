package com.courtrush.campus;

import com.alibaba.fastjson2.JSON;
import com.courtrush.account.AuthService;
import com.courtrush.account.DirectoryAccounts;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.redisson.api.RBucket;
import org.redisson.api.RSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;

/**
 * What a campus sign-in keeps between its steps, in Redis so that any node may take any step (SPEC §18):
 * <ul>
 *   <li>the sign-in under way, by its state: taken once, by the browser that began it, gone after
 *       {@link #START_TTL} — a second return with the same state finds nothing, and one from another browser (no
 *       cookie, a wrong one) is refused without spending it: the rightful return still signs in (issue 75);
 *   <li>the engine's answer, by a one-time code the page exchanges for it (a token never appears in an address),
 *       gone after {@link #HANDOFF_TTL};
 *   <li>which engine tokens each directory session holds, so that its single logout ends them, and how to offer the
 *       directory's own logout to each token's holder.
 * </ul>
 * Each step is bound to the browser that started the sign-in: a random cookie, kept here only as its SHA-256.
 */
@Component
class CampusFlows {

    static final Duration START_TTL = Duration.ofMinutes(10);
    static final Duration HANDOFF_TTL = Duration.ofMinutes(2);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A sign-in under way. */
    record Start(String protocol, String binding, String service, String codeVerifier, String nonce) {}

    /** The engine's answer waiting for the page. */
    record Handoff(String binding, AuthService.LoginResult login) {}

    /** A WeChat user not yet bound, offered to bind after their own sign-in in this browser (SPEC §22). */
    record BindOffer(String binding, String appId, String openid) {}

    /** What ends an engine token, and how to offer the directory's logout to its holder. */
    record Held(long userId, String tokenId, long expiresAtEpochSecond) {}

    /** A campus token's way out: its protocol, and the directory's logout address (null: it has none). */
    record Exit(String protocol, String logoutUrl) {}

    private final RedissonClient redisson;
    private final Duration tokenTtl;

    CampusFlows(RedissonClient redisson, CourtRushProperties properties) {
        this.redisson = redisson;
        this.tokenTtl = properties.auth().tokenTtl();
    }

    /** 32 random bytes, URL-safe: a state, a nonce, a code, a cookie. */
    static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** What a browser's cookie is kept as. */
    static String binding(String cookie) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(cookie.getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    void begin(String state, Start start) {
        bucket(RedisKeys.campusStart(state)).set(JSON.toJSONString(start), START_TTL);
    }

    /** The sign-in of this state, once, and only for the browser that began it. */
    Optional<Start> take(String state, String cookie) {
        if (state == null || state.length() > 100) {
            return Optional.empty();
        }
        return takeBound(bucket(RedisKeys.campusStart(state)), cookie, Start.class, Start::binding);
    }

    /** Leaves the answer for the page; answers the code it fetches it with. */
    String handOff(String cookie, AuthService.LoginResult login) {
        String code = random();
        bucket(RedisKeys.campusHandoff(code)).set(JSON.toJSONString(new Handoff(binding(cookie), login)), HANDOFF_TTL);
        return code;
    }

    /** The answer, once, and only for the browser that signed in. */
    Optional<AuthService.LoginResult> fetch(String code, String cookie) {
        if (code == null || code.length() > 100) {
            return Optional.empty();
        }
        return takeBound(bucket(RedisKeys.campusHandoff(code)), cookie, Handoff.class, Handoff::binding)
                .map(Handoff::login);
    }

    /** Keeps the WeChat user's offer to bind for this browser; answers the code the page binds with. */
    String offerBinding(String cookie, String appId, String openid) {
        String code = random();
        bucket(RedisKeys.wechatBindOffer(code))
                .set(JSON.toJSONString(new BindOffer(binding(cookie), appId, openid)), START_TTL);
        return code;
    }

    /** The offer, once, and only for the browser WeChat sent back. */
    Optional<BindOffer> takeOffer(String code, String cookie) {
        if (code == null || code.length() > 100) {
            return Optional.empty();
        }
        return takeBound(bucket(RedisKeys.wechatBindOffer(code)), cookie, BindOffer.class, BindOffer::binding);
    }

    /**
     * What the bucket holds, taken (deleted) only when the cookie is the one it was bound to: a request from another
     * browser learns nothing and spends nothing. Of two returns of the rightful browser at once, one wins (the delete
     * compares the value, atomically).
     */
    private static <T> Optional<T> takeBound(
            RBucket<String> bucket, String cookie, Class<T> type, Function<T, String> bindingOf) {
        if (cookie == null) {
            return Optional.empty();
        }
        String json = bucket.get();
        if (json == null) {
            return Optional.empty();
        }
        T value = JSON.parseObject(json, type);
        if (!bindingOf.apply(value).equals(binding(cookie)) || !bucket.compareAndSet(json, null)) {
            return Optional.empty();
        }
        return Optional.of(value);
    }

    /** The token belongs to these directory sessions (a ticket; an OIDC sid and subject); how it may log out there. */
    void hold(DirectoryAccounts.SignedIn signedIn, String source, List<String> sessionKeys, Exit exit) {
        String held = JSON.toJSONString(new Held(
                signedIn.userId(), signedIn.tokenId(), signedIn.expiresAt().getEpochSecond()));
        for (String key : sessionKeys) {
            RSet<String> tokens = redisson.getSet(RedisKeys.campusSession(source, key), StringCodec.INSTANCE);
            tokens.add(held);
            tokens.expire(tokenTtl);
        }
        bucket(RedisKeys.campusToken(signedIn.tokenId())).set(JSON.toJSONString(exit), tokenTtl);
    }

    /** The engine tokens a directory session held, forgotten here; the caller ends them. */
    List<Held> release(String source, String sessionKey) {
        RSet<String> tokens = redisson.getSet(RedisKeys.campusSession(source, sessionKey), StringCodec.INSTANCE);
        List<Held> held = new ArrayList<>();
        for (String json : tokens.readAll()) {
            Held one = JSON.parseObject(json, Held.class);
            if (Instant.ofEpochSecond(one.expiresAtEpochSecond()).isAfter(Instant.now())) {
                held.add(one);
            }
        }
        tokens.delete();
        return held;
    }

    /** Whether this is the first time a logout token with this {@code jti} came (kept {@code for} that long). */
    boolean firstLogoutToken(String jti, Duration keep) {
        return bucket(RedisKeys.campusLogoutToken(jti)).setIfAbsent("1", keep);
    }

    /** How the holder of this token leaves the directory too; empty when it was no campus sign-in. */
    Optional<Exit> exit(String tokenId) {
        return Optional.ofNullable(bucket(RedisKeys.campusToken(tokenId)).getAndDelete())
                .map(json -> JSON.parseObject(json, Exit.class));
    }

    private RBucket<String> bucket(String key) {
        return redisson.getBucket(key, StringCodec.INSTANCE);
    }
}

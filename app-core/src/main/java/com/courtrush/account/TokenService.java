package com.courtrush.account;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Date;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

/**
 * Issues and verifies bearer tokens. Student and staff tokens are HS256 JWTs signed with a secret
 * every node shares ({@code courtrush.auth.token-secret}, or one generated once into app_config),
 * so a node checks a token without a Redis or database round trip.
 *
 * <p>A student presses "reserve" many times with the same token within seconds, so a token whose
 * signature was verified, or that this node issued, is remembered (bounded; dropped after half an
 * hour unused): later requests skip parsing and the HMAC, but expiry, logout and account cut-off
 * are checked on every request.
 */
@Service
public class TokenService {

    private static final String CLAIM_ROLE = "role";
    private static final String CLAIM_STUDENT_ID = "sid";
    private static final String CLAIM_GENERATION = "gen";
    private static final int VERIFIED_TOKENS = 100_000;

    private final byte[] secret;
    private final MACSigner signer;
    private final MACVerifier verifier;
    private final AdminToken adminToken;
    private final TokenRevocations revocations;
    private final CourtRushProperties properties;
    private final Clock clock;
    private final Cache<String, Verified> verified = Caffeine.newBuilder()
            .maximumSize(VERIFIED_TOKENS)
            .expireAfterAccess(Duration.ofMinutes(30))
            .build();

    TokenService(
            CourtRushProperties properties,
            AppSettings settings,
            AdminToken adminToken,
            TokenRevocations revocations,
            Clock clock)
            throws JOSEException {
        byte[] secret = secret(properties, settings);
        this.secret = secret;
        this.signer = new MACSigner(secret);
        this.verifier = new MACVerifier(secret);
        this.adminToken = adminToken;
        this.revocations = revocations;
        this.properties = properties;
        this.clock = clock;
    }

    /** A token for a student or staff account, of the account's current token generation (as read). */
    public IssuedToken issue(UserAccount account) {
        return issue(account, properties.auth().tokenTtl());
    }

    /** As {@link #issue(UserAccount)}, living {@code atMost} (or the usual time, when that is shorter). */
    public IssuedToken issue(UserAccount account, Duration atMost) {
        revocations.remember(account);
        Duration ttl = atMost.compareTo(properties.auth().tokenTtl()) < 0
                ? atMost
                : properties.auth().tokenTtl();
        return issue(account, account.getTokenGeneration() == null ? 0 : account.getTokenGeneration(), ttl);
    }

    /**
     * Ends every token of the account on every node (as {@link #revokeAll}) and answers a new one,
     * of the new generation. Runs in the caller's transaction.
     */
    public IssuedToken replaceAll(UserAccount account) {
        return issue(
                account, revocations.endAll(account.getId()), properties.auth().tokenTtl());
    }

    private IssuedToken issue(UserAccount account, int generation, Duration ttl) {
        // a JWT carries whole seconds: what this node remembers is what any node reads back
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.SECONDS);
        Instant expiresAt = now.plus(ttl).truncatedTo(ChronoUnit.SECONDS);
        String tokenId = UUID.randomUUID().toString();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject(account.getId().toString())
                .jwtID(tokenId)
                .claim(CLAIM_STUDENT_ID, account.getStudentId())
                .claim(CLAIM_ROLE, account.getRole().name())
                .claim(CLAIM_GENERATION, generation)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(expiresAt))
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("Cannot sign a token", e);
        }
        String token = jwt.serialize();
        verified.put(
                token,
                new Verified(
                        account.getId(), account.getStudentId(), account.getRole(), tokenId, generation, expiresAt));
        return new IssuedToken(token, expiresAt, tokenId);
    }

    /**
     * The caller a bearer token stands for, or null when it is not valid: bad, expired, signed out, of
     * an earlier generation of its account (password changed, tokens ended), or its account disabled.
     */
    public Caller authenticate(String bearer) {
        if (adminToken.matches(bearer)) {
            return Caller.admin();
        }
        Verified token = verified.getIfPresent(bearer);
        if (token == null) {
            token = verify(bearer);
            if (token == null) {
                return null;
            }
            verified.put(bearer, token);
        }
        if (!token.expiresAt().isAfter(Instant.now(clock)) || revocations.isSignedOut(token.tokenId())) {
            return null;
        }
        UserAccountMapper.TokenState account = revocations.state(token.userId());
        if (account == null || !account.active() || account.generation() != token.generation()) {
            return null;
        }
        return new Caller(
                token.userId(),
                token.studentId(),
                token.role(),
                token.tokenId(),
                token.expiresAt(),
                account.category());
    }

    /** Parses and checks the signature and claims of a token; null when it is not one of ours. */
    private Verified verify(String bearer) {
        try {
            SignedJWT jwt = SignedJWT.parse(bearer);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                return null;
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            String role = claims.getStringClaim(CLAIM_ROLE);
            Long generation = claims.getLongClaim(CLAIM_GENERATION);
            if (claims.getExpirationTime() == null
                    || claims.getJWTID() == null
                    || claims.getSubject() == null
                    || role == null
                    || generation == null) {
                return null;
            }
            return new Verified(
                    Long.parseLong(claims.getSubject()),
                    claims.getStringClaim(CLAIM_STUDENT_ID),
                    Role.valueOf(role),
                    claims.getJWTID(),
                    generation.intValue(),
                    claims.getExpirationTime().toInstant());
        } catch (ParseException | JOSEException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Every active student's token state read now, in one query, so that none of their first requests at an
     * opening reads its own (decision 28); answers how many were read.
     */
    public int primeStudents() {
        return revocations.prime();
    }

    /**
     * Drops a token from this node's memory of tokens it verified or issued: its next request is verified again, as
     * the first request of a token issued before this node started is. The token stays valid.
     */
    public void forget(String bearer) {
        verified.invalidate(bearer);
    }

    /** Every token of the account issued until now stops working on every node; in the caller's transaction. */
    public void revokeAll(long userId) {
        revocations.endAll(userId);
    }

    /** Every node reads the account again at its next request, its tokens still working (see TokenRevocations). */
    public void readAgain(long userId) {
        revocations.readAgain(userId);
    }

    /** Logs the token {@code tokenId} of the account out on every node (a single logout from the directory). */
    public void revoke(long userId, String tokenId, Instant expiresAt) {
        revocations.signOut(userId, tokenId, expiresAt);
    }

    /** Logs a token out on every node. The admin token is no sign-in: it ends only when its setting changes. */
    public void revoke(Caller caller) {
        if (caller.tokenId() == null) {
            throw CourtRushException.badRequest("auth.adminTokenStays");
        }
        revocations.signOut(caller.requireUserId(), caller.tokenId(), caller.expiresAt());
    }

    /**
     * A key for another use of the shared secret ({@code purpose} names it), the same on every
     * node: HMAC-SHA256 of the purpose under the secret, so no use can stand in for another.
     */
    public byte[] derivedKey(String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private static byte[] secret(CourtRushProperties properties, AppSettings settings) {
        String configured = properties.auth().tokenSecret();
        if (StringUtils.hasText(configured)) {
            byte[] bytes = configured.getBytes(StandardCharsets.UTF_8);
            if (bytes.length < 32) {
                throw new InfraConfigException(
                        "courtrush.auth.token-secret is shorter than 32 bytes.",
                        "Use a random secret of at least 32 characters, or leave it blank to generate one.");
            }
            return bytes;
        }
        String stored = settings.getOrCreate(SettingKey.AUTH_TOKEN_SECRET, () -> {
            byte[] random = new byte[48];
            new SecureRandom().nextBytes(random);
            return Base64.getEncoder().encodeToString(random);
        });
        return Base64.getDecoder().decode(stored);
    }

    /** What a verified token says. */
    private record Verified(
            long userId, String studentId, Role role, String tokenId, int generation, Instant expiresAt) {}

    /** A token, when it stops working, and its id (what a sign-out of it names). */
    public record IssuedToken(String token, Instant expiresAt, String tokenId) {}
}

package com.courtrush.reserve.decide;

import com.courtrush.account.TokenService;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * Trace ids that say who they were issued to, for which slot of which opening and when, signed
 * with a key every node shares: 8 random bytes, the issue time (epoch second, 4 bytes), the slot id
 * (6 bytes), the opening's id (6 bytes) and a 6-byte HMAC over those and the student's id — 60 hex
 * digits. A trace answered 202 is then never "unknown": whatever Redis has lost, its owner is told
 * PENDING until it is recorded or given up ({@link ReserveResults}). A forged id earns its maker at
 * most a PENDING about himself. The opening names the trace's pending record in Redis, which lives
 * in the opening's hash slot ({@link com.courtrush.infra.redis.RedisKeys#pending}): a result is read
 * without asking the database which opening the trace is of.
 */
@Component
public class TraceIds {

    static final Pattern FORMAT = Pattern.compile("[0-9a-f]{60}");

    private static final HexFormat HEX = HexFormat.of();
    private static final int NONCE = 8;
    private static final int SIGNED = NONCE + 4 + 6 + 6;
    private static final int MAC = 6;
    private static final long ID_LIMIT = 1L << 48;
    private static final int OPENING_AT = NONCE + 4 + 6;

    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec key;

    TraceIds(TokenService tokens) {
        this.key = new SecretKeySpec(tokens.derivedKey("courtrush trace ids"), "HmacSHA256");
    }

    /** A new trace id for this student's attempt at this slot of this opening. */
    public String issue(long userId, long slotId, long sessionId, Instant now) {
        if (slotId < 0 || slotId >= ID_LIMIT || sessionId < 0 || sessionId >= ID_LIMIT) {
            throw new IllegalArgumentException("slot or opening id out of range: " + slotId + ", " + sessionId);
        }
        byte[] nonce = new byte[NONCE];
        random.nextBytes(nonce);
        ByteBuffer id = ByteBuffer.allocate(SIGNED + MAC).put(nonce).putInt((int) now.getEpochSecond());
        putId(id, slotId);
        putId(id, sessionId);
        id.put(mac(id.array(), userId));
        return HEX.formatHex(id.array());
    }

    /**
     * The opening a trace id names, read without checking its signature (whoever asks, the record it
     * leads to says whose it is); empty for what is not a trace id of this form.
     */
    public static OptionalLong openingOf(String traceId) {
        if (traceId == null || !FORMAT.matcher(traceId).matches()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(getId(ByteBuffer.wrap(HEX.parseHex(traceId), OPENING_AT, 6)));
    }

    /** What a trace id says, if this system issued it to this student. */
    Optional<Issued> verify(String traceId, long userId) {
        if (traceId == null || !FORMAT.matcher(traceId).matches()) {
            return Optional.empty();
        }
        byte[] id = HEX.parseHex(traceId);
        if (!MessageDigest.isEqual(mac(id, userId), Arrays.copyOfRange(id, SIGNED, SIGNED + MAC))) {
            return Optional.empty();
        }
        ByteBuffer fields = ByteBuffer.wrap(id, NONCE, SIGNED - NONCE);
        long issued = Integer.toUnsignedLong(fields.getInt());
        return Optional.of(new Issued(getId(fields), Instant.ofEpochSecond(issued)));
    }

    /** A 48-bit id in 6 bytes. */
    private static void putId(ByteBuffer to, long id) {
        to.putShort((short) (id >>> 32)).putInt((int) id);
    }

    private static long getId(ByteBuffer from) {
        return ((long) Short.toUnsignedInt(from.getShort()) << 32) | Integer.toUnsignedLong(from.getInt());
    }

    private byte[] mac(byte[] id, long userId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(id, 0, SIGNED);
            mac.update(ByteBuffer.allocate(Long.BYTES).putLong(userId).array());
            return Arrays.copyOf(mac.doFinal(), MAC);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    /** A verified trace id: the slot it was for and when it was issued (its opening: {@link #openingOf}). */
    record Issued(long slotId, Instant at) {}
}

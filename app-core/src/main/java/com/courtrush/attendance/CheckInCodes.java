package com.courtrush.attendance;

import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;
import org.sqids.Sqids;

/**
 * A booking's two check-in codes. The QR code carries {@code CI1.<reservation id>.<signature>}, an
 * HMAC over the reservation, its student and its slot with a secret of the gym's (kept in
 * {@code app_config}, shared by every node): it cannot be made up, and a copy of it is worth nothing
 * once the booking is checked in. The short code, to read out, is the reservation id in Sqids with an
 * alphabet of unmistakable letters and digits shuffled by that secret: unique for every reservation
 * (so within its day), and not the id in plain sight.
 */
@Component
public class CheckInCodes {

    static final String QR_PREFIX = "CI1.";
    /** No I, L, O, U, 0 or 1: nothing that reads as something else aloud or on a phone's screen. */
    private static final String LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

    private static final int SHORT_CODE_LENGTH = 6;
    private static final int SIGNATURE_BYTES = 16;

    private final AppSettings settings;
    private volatile Keys keys;

    CheckInCodes(AppSettings settings) {
        this.settings = settings;
    }

    /** The short code of a reservation: at least six of {@value #LETTERS}. */
    public String shortCode(long reservationId) {
        return keys().sqids.encode(List.of(reservationId));
    }

    /** What the QR code carries. */
    public String qrText(long reservationId, long userId, long slotId) {
        return QR_PREFIX + reservationId + "." + signature(reservationId, userId, slotId);
    }

    /** The reservation a short code names, if it is one this engine made (any case, spaces ignored). */
    public OptionalLong reservationOfShortCode(String code) {
        String normal = code.replaceAll("[\\s-]", "").toUpperCase(Locale.ROOT);
        if (normal.length() < SHORT_CODE_LENGTH
                || normal.length() > 12
                || !normal.chars().allMatch(c -> LETTERS.indexOf(c) >= 0)) {
            return OptionalLong.empty();
        }
        List<Long> decoded = keys().sqids.decode(normal);
        if (decoded.size() != 1 || !shortCode(decoded.get(0)).equals(normal)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(decoded.get(0));
    }

    /** The reservation a QR text names, before its signature is checked ({@link #signedFor}). */
    public OptionalLong reservationOfQr(String text) {
        if (!text.startsWith(QR_PREFIX)) {
            return OptionalLong.empty();
        }
        String[] parts = text.substring(QR_PREFIX.length()).split("\\.", -1);
        if (parts.length != 2
                || parts[0].isEmpty()
                || parts[0].length() > 18
                || !parts[0].chars().allMatch(Character::isDigit)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(parts[0]));
    }

    /** Whether {@code text} is the QR text of this reservation of this student and slot. */
    public boolean signedFor(String text, long reservationId, long userId, long slotId) {
        return MessageDigest.isEqual(
                text.getBytes(StandardCharsets.US_ASCII),
                qrText(reservationId, userId, slotId).getBytes(StandardCharsets.US_ASCII));
    }

    private String signature(long reservationId, long userId, long slotId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(keys().secret, "HmacSHA256"));
            byte[] full = mac.doFinal(
                    ("check-in|" + reservationId + "|" + userId + "|" + slotId).getBytes(StandardCharsets.US_ASCII));
            byte[] cut = new byte[SIGNATURE_BYTES];
            System.arraycopy(full, 0, cut, 0, SIGNATURE_BYTES);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(cut);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private Keys keys() {
        Keys made = keys;
        if (made == null) {
            synchronized (this) {
                made = keys;
                if (made == null) {
                    byte[] secret = Base64.getDecoder().decode(settings.getOrCreate(SettingKey.CHECK_IN_SECRET, () -> {
                        byte[] random = new byte[32];
                        new SecureRandom().nextBytes(random);
                        return Base64.getEncoder().encodeToString(random);
                    }));
                    made = new Keys(secret, sqids(secret));
                    keys = made;
                }
            }
        }
        return made;
    }

    private static Sqids sqids(byte[] secret) {
        List<Character> letters = new ArrayList<>();
        LETTERS.chars().forEach(c -> letters.add((char) c));
        long seed = 0;
        for (int i = 0; i < 8; i++) {
            seed = (seed << 8) | (secret[i] & 0xff);
        }
        Collections.shuffle(letters, new Random(seed));
        StringBuilder alphabet = new StringBuilder();
        letters.forEach(alphabet::append);
        return Sqids.builder()
                .alphabet(alphabet.toString())
                .minLength(SHORT_CODE_LENGTH)
                .build();
    }

    private record Keys(byte[] secret, Sqids sqids) {}
}

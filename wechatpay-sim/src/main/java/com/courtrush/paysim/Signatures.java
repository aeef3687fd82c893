package com.courtrush.paysim;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * WeChat Pay APIv3's cryptography: SHA256withRSA signatures over the documented messages, the
 * {@code WECHATPAY2-SHA256-RSA2048} Authorization header, and AEAD_AES_256_GCM for notification
 * resources.
 */
final class Signatures {

    static final String SCHEMA = "WECHATPAY2-SHA256-RSA2048";
    private static final Pattern AUTH_PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private static final String NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private Signatures() {}

    static String sign(PrivateKey key, String message) {
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign", e);
        }
    }

    static boolean verify(PublicKey key, String message, String base64Signature) {
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initVerify(key);
            signature.update(message.getBytes(StandardCharsets.UTF_8));
            return signature.verify(Base64.getDecoder().decode(base64Signature));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /** The message a merchant signs for a request: method, path+query, timestamp, nonce, body. */
    static String requestMessage(String method, String target, String timestamp, String nonce, String body) {
        return method + "\n" + target + "\n" + timestamp + "\n" + nonce + "\n" + body + "\n";
    }

    /** The message WeChat Pay signs for an answer or a notification: timestamp, nonce, body. */
    static String answerMessage(String timestamp, String nonce, String body) {
        return timestamp + "\n" + nonce + "\n" + body + "\n";
    }

    /** The parameters of a {@code WECHATPAY2-SHA256-RSA2048 k="v",…} header, or null if not that schema. */
    static Map<String, String> parseAuthorization(String header) {
        if (header == null || !header.startsWith(SCHEMA + " ")) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        Matcher m = AUTH_PARAM.matcher(header.substring(SCHEMA.length() + 1));
        while (m.find()) {
            params.put(m.group(1), m.group(2));
        }
        return params;
    }

    static String nonce() {
        return KitStore.random(NONCE_ALPHABET, 32);
    }

    /** AEAD_AES_256_GCM as WeChat Pay uses it: ASCII nonce, 128-bit tag appended, base64. */
    static String encrypt(String apiV3Key, String associatedData, String nonce, String plaintext) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(
                    Cipher.ENCRYPT_MODE,
                    new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot encrypt", e);
        }
    }
}

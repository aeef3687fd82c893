package com.courtrush.paysim;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** PEM encoding of RSA keys: PKCS#8 private keys and X.509 SubjectPublicKeyInfo public keys. */
final class Pem {

    private Pem() {}

    static String privateKey(PrivateKey key) {
        return encode("PRIVATE KEY", key.getEncoded());
    }

    static String publicKey(PublicKey key) {
        return encode("PUBLIC KEY", key.getEncoded());
    }

    static PrivateKey readPrivateKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(decode(pem)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a PKCS#8 RSA private key", e);
        }
    }

    static PublicKey readPublicKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(decode(pem)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an X.509 RSA public key", e);
        }
    }

    private static String encode(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static byte[] decode(String pem) {
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return Base64.getDecoder().decode(base64);
    }
}

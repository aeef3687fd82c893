package com.courtrush.reserve.pass;

import cn.hutool.captcha.LineCaptcha;
import cn.hutool.captcha.generator.RandomGenerator;
import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.springframework.stereotype.Component;

/**
 * Draws challenge codes (Hutool's captcha): five characters that cannot be mistaken for one another,
 * over noise lines, in a font shipped with the engine (a headless server may have none).
 */
@Component
class ChallengeImages {

    static final int WIDTH = 200;
    static final int HEIGHT = 70;
    /** No 0/o, 1/l/i, 2/z, 9/g: what a person reads the same way the engine does. */
    static final String ALPHABET = "abcdefhjkmnprstuvwxy345678";
    static final int LENGTH = 5;

    private final Font font;

    ChallengeImages() {
        try (InputStream in = Objects.requireNonNull(getClass().getResourceAsStream("/fonts/DejaVuSans-Bold.ttf"),
                "the bundled font")) {
            this.font = Font.createFont(Font.TRUETYPE_FONT, in).deriveFont(Font.BOLD, 44f);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the challenge font", e);
        } catch (FontFormatException e) {
            throw new IllegalStateException("The challenge font is not a TrueType font", e);
        }
    }

    /** A new code and its image, as a PNG data URI. */
    Drawn draw() {
        LineCaptcha captcha = new LineCaptcha(WIDTH, HEIGHT, LENGTH, 24);
        captcha.setGenerator(new RandomGenerator(ALPHABET, LENGTH));
        captcha.setFont(font);
        captcha.createCode();
        return new Drawn(captcha.getCode(), captcha.getImageBase64Data());
    }

    /** A code and the image showing it. */
    record Drawn(String code, String imageDataUri) {
    }
}

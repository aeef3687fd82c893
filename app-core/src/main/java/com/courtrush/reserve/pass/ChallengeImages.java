package com.courtrush.reserve.pass;

import cn.hutool.captcha.LineCaptcha;
import cn.hutool.captcha.generator.RandomGenerator;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DataDirectory;
import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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

    private static final String FONT = "DejaVuSans-Bold.ttf";

    private final Font font;

    /**
     * The font is read from a copy in {@code <data-dir>/fonts}: Java makes a temporary copy of a
     * font read from a stream, in {@code /tmp}, and removes it only when the JVM exits cleanly (each
     * SIGKILL left 709 KB behind).
     */
    ChallengeImages(CourtRushProperties properties) {
        Path file = properties.dataDir().resolve("fonts").resolve(FONT);
        try {
            if (!Files.isRegularFile(file)) {
                copyBundledFont(file);
            }
            this.font = Font.createFont(Font.TRUETYPE_FONT, file.toFile()).deriveFont(Font.BOLD, 44f);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the challenge font " + file, e);
        } catch (FontFormatException e) {
            throw new IllegalStateException("The challenge font " + file + " is not a TrueType font", e);
        }
    }

    private void copyBundledFont(Path file) throws IOException {
        DataDirectory.prepare(file.getParent());
        Path partial = file.resolveSibling(FONT + ".partial");
        try (InputStream in =
                Objects.requireNonNull(getClass().getResourceAsStream("/fonts/" + FONT), "the bundled font")) {
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        DataDirectory.tighten(file.getParent());
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
    record Drawn(String code, String imageDataUri) {}
}

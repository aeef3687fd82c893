package com.courtrush.desktop.shell;

import com.courtrush.desktop.ui.Widgets;
import java.io.IOException;
import java.io.InputStream;
import javafx.scene.text.Font;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the bundled WenQuanYi Micro Hei (Apache-2.0): Chinese renders on a machine with no CJK
 * font installed. {@code css/app.css} makes it the console's font.
 */
public final class Fonts {

    public static final String FAMILY = Widgets.FONT_FAMILY;
    private static final String RESOURCE = "/fonts/wqy-microhei.ttc";
    private static final Logger log = LoggerFactory.getLogger(Fonts.class);

    private Fonts() {}

    public static void loadBundled() {
        try (InputStream in = Fonts.class.getResourceAsStream(RESOURCE)) {
            Font[] fonts = in == null ? null : Font.loadFonts(in, 13);
            if (fonts == null || fonts.length == 0) {
                log.warn(
                        "The bundled CJK font {} could not be loaded; Chinese text relies on the system's fonts",
                        RESOURCE);
            }
        } catch (IOException e) {
            log.warn(
                    "The bundled CJK font {} could not be read; Chinese text relies on the system's fonts",
                    RESOURCE,
                    e);
        }
    }
}

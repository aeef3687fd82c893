package com.courtrush.desktop.shell;

import com.courtrush.core.Release;
import com.courtrush.desktop.i18n.I18n;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * The console's About (SPEC §23): which release of CourtRush this is, when it was built, the schema it brings, and the
 * Java it runs on — what the campus IT office asks before an upgrade, and what a question to the gym's support needs.
 */
final class AboutDialog {

    private static final DateTimeFormatter BUILT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private AboutDialog() {}

    static void show(Window owner, I18n i18n) {
        Release release = Release.current();
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(i18n.t("about.title"));
        dialog.getDialogPane().setId("about");
        GridPane facts = new GridPane();
        facts.setHgap(12);
        facts.setVgap(6);
        row(facts, 0, i18n.t("about.version"), release.version(), "aboutVersion");
        row(facts, 1, i18n.t("about.built"), built(release.builtAt()), "aboutBuilt");
        row(facts, 2, i18n.t("about.schema"), String.valueOf(release.schema()), "aboutSchema");
        row(
                facts,
                3,
                i18n.t("about.java"),
                Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
                "aboutJava");
        Label lead = new Label(i18n.t("about.lead"));
        lead.setWrapText(true);
        lead.setMaxWidth(420);
        facts.add(lead, 0, 4, 2, 1);
        dialog.getDialogPane().setContent(facts);
        dialog.getDialogPane()
                .getButtonTypes()
                .setAll(new ButtonType(i18n.t("common.back"), ButtonType.CLOSE.getButtonData()));
        dialog.show();
    }

    /** When it was built, on this computer's clock: the build wrote an instant (ISO-8601, UTC). */
    static String built(String instant) {
        try {
            return BUILT.format(Instant.parse(instant).atZone(ZoneId.systemDefault()));
        } catch (DateTimeParseException unknown) {
            return "—";
        }
    }

    private static void row(GridPane facts, int at, String name, String value, String id) {
        Label shown = new Label(value);
        shown.setId(id);
        facts.addRow(at, new Label(name), shown);
    }
}

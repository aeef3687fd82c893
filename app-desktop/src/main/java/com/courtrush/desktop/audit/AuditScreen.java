package com.courtrush.desktop.audit;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.SpreadsheetSaveDialog;
import com.courtrush.desktop.ui.Widgets;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/** The audit trail: who did what to which record, by staff, dates and action; exported as Excel or CSV. */
public final class AuditScreen implements Screen {

    private final AuditViewModel model;
    private final Node root;

    public AuditScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new AuditViewModel(
                context.desks().audit(),
                context.tasks(),
                context.notices(),
                i18n,
                LocalDate.now(context.desks().clock()));

        Label hint = new Label(i18n.t("audit.hint"));
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        Label summary = new Label();
        summary.setId("auditSummary");
        summary.textProperty().bind(model.summaryProperty());
        root = screen(title(i18n.t("nav.audit")), hint, filters(i18n), summary, entries(i18n));
    }

    /** From, to, who, what; show; export. */
    private Node filters(I18n i18n) {
        DatePicker from = Widgets.datePicker("auditFrom");
        from.valueProperty().bindBidirectional(model.fromProperty());
        DatePicker to = Widgets.datePicker("auditTo");
        to.valueProperty().bindBidirectional(model.toProperty());
        ChoiceBox<String> who =
                choice("auditActor", i18n, actor -> model.labels().who(actor));
        who.setItems(model.actors());
        who.valueProperty().bindBidirectional(model.actorProperty());
        ChoiceBox<String> what = choice("auditAction", i18n, model.labels()::what);
        what.setItems(model.actions());
        what.valueProperty().bindBidirectional(model.actionProperty());
        Button show = button(i18n.t("audit.show"), "showAudit", model::find);
        Button export = new Button(i18n.t("audit.export"));
        export.setId("exportAudit");
        export.setOnAction(event -> {
            SpreadsheetSaveDialog.show(i18n, export.getScene().getWindow(), export.getText(), model.fileName())
                    .ifPresent(model::export);
        });
        // the choices take the room that is left; labels, dates and buttons are never cut (a staff member's name
        // or an action's words as the longest choice widened the boxes until "导出 CSV…" read "导出 CS…")
        for (ChoiceBox<String> box : List.of(who, what)) {
            box.setMinWidth(CHOICE_MIN);
            box.setPrefWidth(CHOICE_PREF);
        }
        for (DatePicker picker : List.of(from, to)) {
            picker.setPrefWidth(DATE_PREF);
            picker.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox bar = bar(
                whole(new Label(i18n.t("audit.from"))),
                from,
                whole(new Label(i18n.t("audit.to"))),
                to,
                whole(new Label(i18n.t("audit.actorFilter"))),
                who,
                whole(new Label(i18n.t("audit.actionFilter"))),
                what,
                whole(show),
                whole(export));
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private static final double CHOICE_MIN = 110;
    private static final double CHOICE_PREF = 190;
    private static final double DATE_PREF = 150;

    private static <T extends Region> T whole(T node) {
        node.setMinWidth(Region.USE_PREF_SIZE);
        return node;
    }

    private static ChoiceBox<String> choice(String id, I18n i18n, Function<String, String> words) {
        ChoiceBox<String> box = new ChoiceBox<>();
        box.setId(id);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(String value) {
                return value == null || value.equals(AuditViewModel.ALL) ? i18n.t("audit.all") : words.apply(value);
            }

            @Override
            public String fromString(String text) {
                return null;
            }
        });
        return box;
    }

    /** The entries, newest first. */
    private TableView<AuditEntry> entries(I18n i18n) {
        TableView<AuditEntry> table = table("auditTrailTable", i18n.t("audit.empty"));
        table.getColumns().add(Widgets.fitting(column(i18n.t("audit.time"), model::time), "2026-11-25 18:02:59"));
        table.getColumns().add(column(i18n.t("audit.who"), model.labels()::who));
        table.getColumns().add(column(i18n.t("audit.what"), model.labels()::what));
        table.getColumns().add(column(i18n.t("audit.target"), model::target));
        table.getColumns().add(Widgets.freeText(column(i18n.t("audit.detail"), AuditEntry::detail)));
        table.setItems(model.rows());
        return table;
    }

    @Override
    public String titleKey() {
        return "nav.audit";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.load();
    }

    public AuditViewModel model() {
        return model;
    }
}

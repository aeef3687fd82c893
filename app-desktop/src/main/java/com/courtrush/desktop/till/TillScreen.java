package com.courtrush.desktop.till;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.SpreadsheetSaveDialog;
import com.courtrush.desktop.ui.VenuePicker;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.api.ShiftView;
import java.io.File;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * 交班对账 The shift's till ({@link TillViewModel}): the shift open at this console with its sums per channel beside
 * what the orders say, its receipts (each printed or saved as a PDF), the cash counted and the close; a manager picks
 * any shift of a day.
 */
public final class TillScreen implements Screen {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final TillViewModel model;
    private final VenuePicker venues;
    private final ReceiptDocuments documents;
    private final Node root;

    public TillScreen(ConsoleContext context, String console) {
        I18n i18n = context.i18n();
        model = new TillViewModel(
                context.desks().till(),
                context.staff(),
                console,
                context.tasks(),
                context.notices(),
                i18n,
                () -> LocalDate.now(context.desks().clock()));
        venues = new VenuePicker(context, model.venueProperty(), "tillVenue");
        documents = new ReceiptDocuments(i18n, context.tasks(), context.notices());
        Label summary = new Label();
        summary.setId("tillSummary");
        summary.setWrapText(true);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        summary.textProperty().bind(model.summaryProperty());
        TableView<ReceiptView> receipts = receipts(i18n);
        VBox.setVgrow(receipts, Priority.ALWAYS);
        root = screen(
                title(i18n.t("nav.till")),
                shifts(i18n),
                summary,
                channels(i18n),
                new Label(i18n.t("till.receipts")),
                receipts,
                receiptActions(i18n, receipts),
                closing(i18n));
    }

    /** A manager's day: its shifts, one picked to show. Staff see their own. */
    private Node shifts(I18n i18n) {
        DatePicker day = Widgets.datePicker("tillDay");
        day.valueProperty().bindBidirectional(model.dayProperty());
        day.valueProperty().addListener((obs, old, now) -> model.loadShifts());
        javafx.scene.control.ComboBox<ShiftView> pick = new javafx.scene.control.ComboBox<>(model.shifts());
        pick.setId("tillShifts");
        pick.setPromptText(i18n.t("till.pickShift"));
        pick.setPrefWidth(420);
        pick.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ShiftView shift) {
                return shift == null ? "" : model.pickLine(shift);
            }

            @Override
            public ShiftView fromString(String text) {
                return null;
            }
        });
        pick.valueProperty().addListener((obs, old, now) -> model.pick(now));
        venues.node().valueProperty().addListener((obs, old, now) -> model.loadShifts());
        return bar(
                new Label(i18n.t("till.day")),
                day,
                venues.node(),
                pick,
                button(i18n.t("till.current"), "tillCurrent", model::refresh));
    }

    private static final double CHANNEL_ROW = 34;
    private static final double CHANNEL_HEADER = 40;

    private Node channels(I18n i18n) {
        TableView<ShiftReport.ChannelLine> table = table("tillChannels", i18n.t("till.noShift"));
        table.getColumns().add(column(i18n.t("till.channel"), line -> i18n.of(line.channel())));
        table.getColumns().add(column(i18n.t("till.taken"), line -> Inputs.yuan(line.taken())));
        table.getColumns().add(column(i18n.t("till.givenBack"), line -> Inputs.yuan(line.givenBack())));
        table.getColumns().add(column(i18n.t("till.net"), line -> Inputs.yuan(line.net())));
        table.getColumns().add(column(i18n.t("till.receiptCount"), ShiftReport.ChannelLine::receipts));
        table.getColumns()
                .add(column(
                        i18n.t("till.ordersSay"),
                        line -> Inputs.yuan(line.ordersTaken()) + " / " + Inputs.yuan(line.ordersGivenBack())));
        table.getColumns().add(column(i18n.t("till.agrees"), line -> i18n.t(line.matches() ? "till.yes" : "till.no")));
        table.setItems(model.channels());
        // the three channels (cash, card at the desk, WeChat Pay) whole, never one scrolled out of sight
        table.setFixedCellSize(CHANNEL_ROW);
        table.setPrefHeight(CHANNEL_HEADER + 3 * CHANNEL_ROW + 4);
        table.setMinHeight(Region.USE_PREF_SIZE);
        VBox.setVgrow(table, Priority.NEVER);
        return table;
    }

    private TableView<ReceiptView> receipts(I18n i18n) {
        TableView<ReceiptView> table = table("tillReceipts", i18n.t("till.noReceipts"));
        table.getColumns().add(Widgets.fitting(column(i18n.t("till.time"), r -> TIME.format(r.time())), "00:00:00"));
        table.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("till.receiptNo"), ReceiptView::receiptNo), "RPCR26112710000000000001"));
        table.getColumns().add(column(i18n.t("till.kind"), r -> i18n.t(r.refund() ? "till.refund" : "till.payment")));
        table.getColumns().add(column(i18n.t("till.channel"), r -> i18n.of(r.channel())));
        table.getColumns()
                .add(column(i18n.t("till.amount"), r -> (r.refund() ? "-" : "") + Inputs.yuan(r.amountCents())));
        table.getColumns()
                .add(column(i18n.t("reservations.studentName"), r -> r.studentName() + " (" + r.studentId() + ")"));
        table.getColumns()
                .add(column(
                        i18n.t("openings.court"),
                        r -> r.courtName() + " " + r.slotDate() + " " + r.startTime() + "–" + r.endTime()));
        table.setItems(model.receipts());
        return table;
    }

    private Node receiptActions(I18n i18n, TableView<ReceiptView> receipts) {
        var selected = receipts.getSelectionModel().selectedItemProperty();
        Button print = button(i18n.t("till.print"), "tillPrint", () -> documents.print(selected.get()));
        Button save = button(i18n.t("till.savePdf"), "tillSavePdf", () -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(i18n.t("till.savePdf"));
            chooser.setInitialFileName(selected.get().receiptNo() + ".pdf");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
            File file = chooser.showSaveDialog(receipts.getScene().getWindow());
            if (file != null) {
                documents.save(selected.get(), file.toPath());
            }
        });
        print.disableProperty().bind(selected.isNull());
        save.disableProperty().bind(selected.isNull());
        Button export = button(i18n.t("till.export"), "tillExport", () -> {
            SpreadsheetSaveDialog.show(i18n, receipts.getScene().getWindow(), i18n.t("till.export"), model.exportName())
                    .ifPresent(model::export);
        });
        export.disableProperty().bind(model.reportProperty().isNull());
        return bar(print, save, export);
    }

    /** The cash counted, a note, and the close. */
    private Node closing(I18n i18n) {
        TextField counted = new TextField();
        counted.setId("tillCounted");
        counted.setPromptText(i18n.t("till.countedPrompt"));
        counted.setPrefColumnCount(10);
        counted.textProperty().bindBidirectional(model.countedProperty());
        TextField note = new TextField();
        note.setId("tillNote");
        note.setPromptText(i18n.t("till.notePrompt"));
        note.setPrefColumnCount(24);
        note.textProperty().bindBidirectional(model.noteProperty());
        Button close = button(i18n.t("till.close"), "tillClose", model::close);
        close.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> model.reportProperty().get() == null
                                || !model.reportProperty().get().open(),
                        model.reportProperty()));
        return bar(new Label(i18n.t("till.counted")), counted, note, close);
    }

    @Override
    public String titleKey() {
        return "nav.till";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        venues.reload();
        model.refresh();
    }

    public TillViewModel model() {
        return model;
    }
}

package com.courtrush.desktop.reservations;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.desktop.audit.AuditLabels;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.PayRefundView;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** Reservations &amp; payments: filters, a list, and one reservation's details and actions. */
public final class ReservationsScreen implements Screen {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss");

    private final ReservationsViewModel model;
    private final Node root;

    public ReservationsScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new ReservationsViewModel(
                context.desks().reservations(),
                context.desks().payments(),
                context.desks().openings(),
                context.desks().courts(),
                context.desks().attendance(),
                context.desks().till(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff(),
                LocalDate.now(context.desks().clock()));

        // the details scroll when the pane is shorter than they are (1280×720 cut the history to a line)
        javafx.scene.control.ScrollPane detailsPane = new javafx.scene.control.ScrollPane(details(i18n));
        detailsPane.setId("reservationDetailsPane");
        detailsPane.setFitToWidth(true);
        detailsPane.setFitToHeight(true);
        SplitPane split = new SplitPane(list(i18n), detailsPane);
        split.setDividerPositions(0.64);
        VBox.setVgrow(split, Priority.ALWAYS);
        root = screen(title(i18n.t("nav.reservations")), filters(i18n), split);
    }

    /** Date, court, student and status to search by. */
    private Node filters(I18n i18n) {
        DatePicker date = Widgets.datePicker("reservationDate");
        date.valueProperty().bindBidirectional(model.dateProperty());
        ComboBox<ReservationsViewModel.CourtFilter> court = new ComboBox<>(model.courtChoices());
        court.setId("reservationCourt");
        court.setPromptText(i18n.t("reservations.anyCourt"));
        court.valueProperty().bindBidirectional(model.courtProperty());
        TextField student = new TextField();
        student.setId("reservationStudent");
        student.setPromptText(i18n.t("reservations.studentPrompt"));
        student.setPrefColumnCount(30); // the hint names all it takes: a name, a student id, an order number, a code
        student.textProperty().bindBidirectional(model.studentProperty());
        student.setOnAction(event -> model.search());
        ComboBox<ReservationStatus> status = new ComboBox<>();
        status.setId("reservationStatus");
        status.getItems().add(null);
        status.getItems()
                .addAll(ReservationStatus.PENDING_PAYMENT, ReservationStatus.CONFIRMED, ReservationStatus.CANCELLED);
        status.setConverter(new StringConverter<>() {
            @Override
            public String toString(ReservationStatus s) {
                return s == null ? i18n.t("reservations.anyStatus") : i18n.of(s);
            }

            @Override
            public ReservationStatus fromString(String text) {
                return null;
            }
        });
        status.valueProperty().bindBidirectional(model.statusProperty());
        Button search = button(i18n.t("reservations.search"), "searchReservations", model::search);
        Button clearDate = button(
                i18n.t("reservations.anyDate"),
                "anyDate",
                () -> model.dateProperty().set(null));
        return bar(new Label(i18n.t("openings.date")), date, clearDate, court, student, status, search);
    }

    /** The reservations found, and their total. */
    private VBox list(I18n i18n) {
        TableView<ReservationRow> table = table("reservationsTable", i18n.t("reservations.empty"));
        table.getColumns().add(column(i18n.t("reservations.id"), ReservationRow::id));
        table.getColumns()
                .add(Widgets.fitting(column(i18n.t("reservations.student"), ReservationRow::studentId), "20261234"));
        table.getColumns().add(column(i18n.t("reservations.studentName"), ReservationRow::studentName));
        table.getColumns()
                .add(Widgets.fitting(column(i18n.t("openings.date"), ReservationRow::slotDate), "2026-11-25"));
        table.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("openings.time"), r -> r.startTime() + "–" + r.endTime()), "09:00–10:00"));
        table.getColumns().add(column(i18n.t("openings.court"), ReservationRow::courtName));
        table.getColumns().add(column(i18n.t("reservations.amount"), r -> Inputs.yuan(r.priceCents())));
        var statusColumn = column(
                i18n.t("reservations.status"),
                (ReservationRow r) ->
                        i18n.of(r.status()) + (r.cancelReason() == null ? "" : " (" + i18n.of(r.cancelReason()) + ")"));
        table.getColumns().add(statusColumn);
        table.setItems(model.rows());
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener((obs, old, now) -> model.selectedProperty().set(now));
        Label total = new Label();
        total.textProperty().bind(model.totalTextProperty());
        return new VBox(8, table, total);
    }

    /** The chosen reservation: what it is, what staff can do with it, its pay orders and its audit trail. */
    private VBox details(I18n i18n) {
        Label summary = new Label();
        summary.setId("reservationSummary");
        summary.setWrapText(true);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        summary.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> describe(i18n, model.detailProperty().get()), model.detailProperty()));
        AuditLabels labels = new AuditLabels(i18n);
        // a refund's staff member with the role their entry in this booking's history recorded: m001（管理员）
        java.util.concurrent.atomic.AtomicReference<AuditLabels> refunders =
                new java.util.concurrent.atomic.AtomicReference<>(labels);
        TableView<PayOrderView> orders = table("payOrdersTable", i18n.t("reservations.noOrders"));
        // whole: students are told to show this number at the desk
        orders.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("reservations.outTradeNo"), PayOrderView::outTradeNo), "CR26112510000000001"));
        orders.getColumns().add(column(i18n.t("reservations.amount"), o -> Inputs.yuan(o.amountCents())));
        orders.getColumns().add(column(i18n.t("reservations.payStatus"), o -> i18n.of(o.status())));
        orders.getColumns()
                .add(column(
                        i18n.t("reservations.paidAt"), o -> o.paidTime() == null ? "" : STAMP.format(o.paidTime())));
        orders.getColumns()
                .add(column(
                        i18n.t("reservations.refundedYuan"),
                        o -> o.refundedCents() == 0 ? "" : Inputs.yuan(o.refundedCents())));
        orders.getColumns().add(column(i18n.t("reservations.merchant"), o -> merchant(i18n, o)));
        // two orders and the header at least: the history below takes what is left, not these
        orders.setPrefHeight(120);
        orders.setMinHeight(110);
        TableView<PayRefundView> refunds = table("refundsTable", i18n.t("reservations.noRefunds"));
        refunds.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("reservations.outRefundNo"), PayRefundView::outRefundNo), "RF26112510000000001"));
        refunds.getColumns().add(column(i18n.t("reservations.amount"), r -> Inputs.yuan(r.amountCents())));
        refunds.getColumns()
                .add(column(
                        i18n.t("reservations.refundKind"),
                        r -> i18n.t(r.whole() ? "reservations.refundWhole" : "reservations.refundPartOf")));
        refunds.getColumns().add(column(i18n.t("reservations.refundStatus"), r -> i18n.of(r.status())));
        refunds.getColumns()
                .add(column(i18n.t("reservations.who"), r -> refunders.get().who(r.actor())));
        refunds.getColumns()
                .add(column(
                        i18n.t("reservations.when"), r -> r.createTime() == null ? "" : STAMP.format(r.createTime())));
        refunds.getColumns().add(Widgets.freeText(column(i18n.t("reservations.reason"), PayRefundView::reason)));
        // as the orders: a row stays readable above the table's own scroll bar
        refunds.setPrefHeight(120);
        refunds.setMinHeight(110);
        TableView<AuditEntry> audit = table("auditTable", i18n.t("reservations.noAudit"));
        audit.getColumns().add(column(i18n.t("reservations.when"), a -> STAMP.format(a.time())));
        audit.getColumns().add(column(i18n.t("reservations.who"), labels::who));
        audit.getColumns().add(column(i18n.t("reservations.what"), labels::what));
        audit.getColumns().add(Widgets.freeText(column(i18n.t("reservations.detail"), AuditEntry::detail)));
        model.detailProperty().addListener((obs, old, now) -> {
            orders.getItems().setAll(now == null ? java.util.List.of() : now.payOrders());
            refunders.set(new AuditLabels(i18n, rolesIn(now)));
            refunds.getItems().setAll(now == null || now.refunds() == null ? java.util.List.of() : now.refunds());
            audit.getItems().setAll(now == null ? java.util.List.of() : now.history());
        });

        Button cancel = button(i18n.t("reservations.cancel"), "cancelReservation", model::askCancel);
        Button markPaid = button(i18n.t("reservations.markPaid"), "markPaid", model::askMarkPaid);
        Button refund = button(i18n.t("reservations.refund"), "refundReservation", model::askRefund);
        Button refundPart = button(i18n.t("reservations.refundPartButton"), "refundPart", () -> askRefundPart(i18n));
        Button resync = button(i18n.t("reservations.resync"), "resyncReservation", model::resync);
        for (Button b : new Button[] {cancel, markPaid, refund, refundPart, resync}) {
            b.disableProperty().bind(model.selectedProperty().isNull());
        }
        cancel.disableProperty().unbind();
        cancel.disableProperty().bind(statusIsNot(ReservationStatus.PENDING_PAYMENT));
        markPaid.disableProperty().unbind();
        markPaid.disableProperty().bind(statusIsNot(ReservationStatus.PENDING_PAYMENT));
        refund.disableProperty().unbind();
        refund.disableProperty().bind(statusIsNot(ReservationStatus.CONFIRMED));
        refundPart.disableProperty().unbind();
        refundPart.disableProperty().bind(statusIsNot(ReservationStatus.CONFIRMED));

        VBox.setVgrow(audit, Priority.ALWAYS);
        audit.setMinHeight(140); // its header and a few entries, scrolled to rather than squeezed
        return new VBox(
                8,
                new Label(i18n.t("reservations.details")),
                summary,
                actions(cancel, markPaid, refund, refundPart, resync),
                new Label(i18n.t("reservations.orders")),
                orders,
                new Label(i18n.t("reservations.refunds")),
                refunds,
                new Label(i18n.t("reservations.audit")),
                audit);
    }

    /** The actions on one reservation, each read whole: they wrap onto a second line when the pane is narrow. */
    private static FlowPane actions(Button... buttons) {
        for (Button b : buttons) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        FlowPane actions = new FlowPane(8, 6, buttons);
        actions.setPadding(new Insets(4, 0, 4, 0));
        return actions;
    }

    /** Asks how much to give back and why, then refunds that part; the reservation stays confirmed. */
    private void askRefundPart(I18n i18n) {
        ReservationRow row = model.selectedProperty().get();
        if (row == null) {
            return;
        }
        RefundPartDialog.ask(
                        root.getScene().getWindow(),
                        i18n,
                        model.target(row),
                        model.refundPartContext(),
                        model::partAmountProblem)
                .ifPresent(answer -> model.refundPart(answer.yuan(), answer.reason()));
    }

    /** Where the order was paid: the live merchant, simulated WeChat Pay, or the desk. */
    private static String merchant(I18n i18n, PayOrderView order) {
        if (order.mchid() != null && !order.mchid().isEmpty()) {
            return order.mchid();
        }
        if ("WECHAT".equals(order.channel())) {
            return i18n.t("reservations.simulated");
        }
        return "DESK".equals(order.channel()) ? i18n.t("reservations.atDesk") : "";
    }

    private javafx.beans.binding.BooleanBinding statusIsNot(ReservationStatus wanted) {
        return Bindings.createBooleanBinding(
                () -> model.selectedProperty().get() == null
                        || model.selectedProperty().get().status() != wanted,
                model.selectedProperty());
    }

    /** The role each staff actor of a booking's history had when they acted (a refund is in it, audited). */
    static java.util.Map<String, String> rolesIn(ReservationDetailsView details) {
        java.util.Map<String, String> roles = new java.util.HashMap<>();
        if (details != null && details.history() != null) {
            details.history().stream()
                    .filter(entry -> entry.actorRole() != null)
                    .forEach(entry -> roles.putIfAbsent(entry.actor(), entry.actorRole()));
        }
        return roles;
    }

    private static String describe(I18n i18n, ReservationDetailsView d) {
        if (d == null) {
            return i18n.t("reservations.pick");
        }
        return i18n.t(
                "reservations.summary",
                d.reservation().id(),
                d.studentId(),
                d.studentName(),
                d.courtName(),
                d.slot().slotDate(),
                d.slot().startTime() + "–" + d.slot().endTime(),
                i18n.of(d.reservation().status()),
                d.reservation().traceId());
    }

    @Override
    public String titleKey() {
        return "nav.reservations";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.loadCourts();
        model.search();
    }

    public ReservationsViewModel model() {
        return model;
    }
}

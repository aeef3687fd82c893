package com.courtrush.desktop.till;

import com.courtrush.account.api.Caller;
import com.courtrush.core.SheetFormat;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ExportFile;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.pay.api.ReconciliationView;
import com.courtrush.pay.desk.WechatPayDesk;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * 微信对账 Reconciliation (issue 52): a day's orders against WeChat Pay's own bill of that day — the runs of the date
 * (each morning's for the day before, and those asked for), one picked with every payment and refund it compared,
 * the mismatches first; run now; exported as Excel or CSV.
 */
public final class ReconciliationViewModel {

    private final WechatPayDesk wechatPay;
    private final Caller manager;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;

    private final ObjectProperty<LocalDate> day = new SimpleObjectProperty<>();
    private final ObservableList<ReconciliationView> runs = FXCollections.observableArrayList();
    private final ObjectProperty<ReconciliationView> shown = new SimpleObjectProperty<>();
    private final ObservableList<ReconciliationView.Item> items = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");

    public ReconciliationViewModel(
            WechatPayDesk wechatPay, Caller manager, UiTasks tasks, Notices notices, I18n i18n, LocalDate lastBillDay) {
        this.wechatPay = wechatPay;
        this.manager = manager;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        day.set(lastBillDay); // the morning's run is of it
        shown.addListener((obs, old, now) -> {
            items.setAll(now == null ? List.of() : now.items());
            summary.set(now == null ? i18n.t("reconcile.none") : describe(now));
        });
    }

    /** The runs of the date; the newest shown whole. */
    public void load() {
        LocalDate date = day.get();
        if (date == null) {
            return;
        }
        tasks.run(i18n.t("reconcile.load"), () -> wechatPay.reconciliations(date, manager), list -> {
            runs.setAll(list);
            pick(list.isEmpty() ? null : list.get(0));
        });
    }

    /** Shows a run with every payment and refund it compared. */
    public void pick(ReconciliationView run) {
        if (run == null) {
            shown.set(null);
            return;
        }
        tasks.run(i18n.t("reconcile.load"), () -> wechatPay.reconciliation(run.id(), manager), shown::set);
    }

    /** Reconciles the date now. */
    public void reconcile() {
        LocalDate date = day.get();
        if (date == null) {
            return;
        }
        tasks.run(i18n.t("reconcile.run"), () -> wechatPay.reconcile(date, manager), run -> {
            notices.info(describe(run));
            load();
        });
    }

    /** A run in a sentence: its date, when, and what it found. */
    String describe(ReconciliationView run) {
        if ("FAILED".equals(run.status())) {
            return i18n.t("reconcile.failed", run.billDate(), run.detail());
        }
        return i18n.t(
                run.mismatched() ? "reconcile.mismatched" : "reconcile.allMatched",
                run.billDate(),
                run.matched(),
                run.onlyThere(),
                run.onlyHere(),
                run.differs());
    }

    /** The run shown as a workbook or CSV: every payment and refund compared. */
    public byte[] sheet(SheetFormat format) {
        ReconciliationView run = shown.get();
        List<List<?>> rows = new ArrayList<>();
        rows.add(List.of(i18n.t("reconcile.title"), run.billDate(), describe(run)));
        rows.add(null);
        rows.add(List.of(
                i18n.t("till.kind"),
                i18n.t("reconcile.number"),
                i18n.t("reservations.outTradeNo"),
                i18n.t("reconcile.here"),
                i18n.t("reconcile.there"),
                i18n.t("reconcile.outcome")));
        for (ReconciliationView.Item item : run.items()) {
            rows.add(java.util.Arrays.asList(
                    i18n.t("reconcile.kind." + item.kind()),
                    item.number(),
                    item.outTradeNo(),
                    item.hereCents() == null ? null : BigDecimal.valueOf(item.hereCents(), 2),
                    item.thereCents() == null ? null : BigDecimal.valueOf(item.thereCents(), 2),
                    i18n.t("reconcile.outcome." + item.outcome())));
        }
        return format.write(i18n.t("reconcile.sheet"), rows);
    }

    /**
     * Writes the run shown to {@code file}, an Excel workbook or CSV by its extension (a workbook, with the extension
     * added, when it has none; see {@link ExportFile}).
     */
    public void export(Path file) {
        if (shown.get() == null) {
            return;
        }
        ExportFile target = ExportFile.of(file);
        byte[] sheet = sheet(target.format());
        tasks.run(
                i18n.t("till.export"),
                () -> {
                    Files.write(target.path(), sheet);
                    return target.path();
                },
                written -> notices.info(i18n.t("till.exported", written)));
    }

    /** The file name an export of the day shown is offered under. */
    public String exportName() {
        return "reconciliation-" + day.get() + ".xlsx";
    }

    public ObjectProperty<LocalDate> dayProperty() {
        return day;
    }

    public ObservableList<ReconciliationView> runs() {
        return runs;
    }

    public ObjectProperty<ReconciliationView> shownProperty() {
        return shown;
    }

    public ObservableList<ReconciliationView.Item> items() {
        return items;
    }

    public StringProperty summaryProperty() {
        return summary;
    }
}

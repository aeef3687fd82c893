package com.courtrush.desktop.reports;

import com.courtrush.account.api.Caller;
import com.courtrush.core.SheetFormat;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ExportFile;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.report.api.CategoryFigures;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.HourUse;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.Utilisation;
import com.courtrush.report.api.VenueSportFigures;
import com.courtrush.report.desk.ReportDesk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Sales by play date, for a day or a week (Monday to Sunday), with the total; utilisation by court
 * and hour and by hour; by venue and sport and by booking category (SPEC §21) — of a venue, a sport or the whole
 * centre, within the desk's venues; and the exports (the report, the reservations, the pay orders) saved as Excel or CSV files that
 * spreadsheets open as they are.
 */
public final class ReportsViewModel {

    /** A day, or the week (Monday to Sunday) holding it. */
    public enum Period {
        DAY,
        WEEK
    }

    private final ReportDesk reports;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;

    private final ObjectProperty<LocalDate> date;
    private final ObjectProperty<Period> period = new SimpleObjectProperty<>(Period.DAY);
    private final ObservableList<SalesFigures> days = FXCollections.observableArrayList();
    private final ObservableList<Utilisation> utilisation = FXCollections.observableArrayList();
    private final ObservableList<VenueSportFigures> bySport = FXCollections.observableArrayList();
    private final ObservableList<CategoryFigures> byCategory = FXCollections.observableArrayList();
    private final ObservableList<HourUse> byHour = FXCollections.observableArrayList();
    private final ObjectProperty<Long> venue = new SimpleObjectProperty<>();
    private final ObjectProperty<String> sport = new SimpleObjectProperty<>();
    private final StringProperty summary = new SimpleStringProperty("");

    public ReportsViewModel(
            ReportDesk reports, UiTasks tasks, Notices notices, I18n i18n, Caller staff, LocalDate today) {
        this.reports = reports;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
        this.date = new SimpleObjectProperty<>(today);
    }

    /** The first play date of the period. */
    public LocalDate from() {
        LocalDate day = date.get();
        return period.get() == Period.DAY ? day : day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    }

    /** The last play date of the period. */
    public LocalDate to() {
        return period.get() == Period.DAY ? date.get() : from().plusDays(6);
    }

    /** What the report covers: the venue and sport picked (none: the whole centre, of the desk's venues). */
    public ReportFilter filter() {
        return new ReportFilter(null, venue.get(), sport.get());
    }

    public void load() {
        LocalDate from = from();
        LocalDate to = to();
        ReportFilter filter = filter();
        tasks.run(i18n.t("reports.load"), () -> reports.report(from, to, filter, staff), report -> {
            days.setAll(report.days());
            if (report.days().size() > 1) {
                days.add(report.total());
            }
            utilisation.setAll(report.utilisation());
            bySport.setAll(report.bySport());
            byCategory.setAll(report.byCategory());
            byHour.setAll(report.byHour());
            SalesFigures total = report.total();
            summary.set(i18n.t(
                    "reports.summary",
                    from,
                    to,
                    total.offered(),
                    total.sold(),
                    total.held(),
                    total.paid(),
                    ReportDesk.REASONS.stream()
                            .map(reason ->
                                    i18n.of(reason) + " " + total.cancelled().get(reason))
                            .collect(Collectors.joining(", ")),
                    total.refunded(),
                    total.unsold(),
                    total.revenueYuan().toPlainString(),
                    total.refundsYuan().toPlainString(),
                    total.netYuan().toPlainString()));
        });
    }

    /**
     * Saves an export of the period to {@code file} — an Excel workbook or CSV by its extension (a workbook, with the
     * extension added, when it has none; see {@link ExportFile}) — and says where.
     */
    public void export(ExportKind kind, Path file) {
        LocalDate from = from();
        LocalDate to = to();
        ReportFilter filter = filter();
        ExportFile target = ExportFile.of(file);
        tasks.run(
                i18n.t("reports.export"),
                () -> {
                    Files.write(
                            target.path(),
                            reports.export(kind, target.format(), from, to, filter, staff, i18n.locale()));
                    return target.path();
                },
                saved -> notices.info(i18n.t("reports.saved", saved)));
    }

    /** The file name an export of the period is offered under. */
    public String fileName(ExportKind kind) {
        return kind.fileName(from(), to(), SheetFormat.XLSX);
    }

    /** Cancels of one row, all reasons together. */
    public static int cancelled(SalesFigures figures) {
        return figures.cancelled().values().stream().mapToInt(Integer::intValue).sum();
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ObjectProperty<Period> periodProperty() {
        return period;
    }

    public ObservableList<SalesFigures> days() {
        return days;
    }

    public ObservableList<Utilisation> utilisation() {
        return utilisation;
    }

    public ObservableList<VenueSportFigures> bySport() {
        return bySport;
    }

    public ObservableList<CategoryFigures> byCategory() {
        return byCategory;
    }

    public ObservableList<HourUse> byHour() {
        return byHour;
    }

    /** The venue picked (null: every venue of the desk). */
    public ObjectProperty<Long> venueProperty() {
        return venue;
    }

    /** The sport picked, by its code (null: every sport). */
    public ObjectProperty<String> sportProperty() {
        return sport;
    }

    public StringProperty summaryProperty() {
        return summary;
    }
}

package com.courtrush.report;

import com.courtrush.core.EngineMessages;
import com.courtrush.core.SheetFormat;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.SalesReport;
import com.courtrush.setting.AppSettings;
import com.courtrush.venue.api.DeskScope;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * Exports of a range of play dates — the reservations, the pay orders, the report — for the finance
 * office, as an Excel workbook or CSV, from the console (save dialog) and the API. Headers, statuses
 * and the sheet's name in the asker's language; money in yuan, as numbers; dates, times and moments as such, which
 * the workbook writes as Excel's own ({@link com.courtrush.core.Xlsx}).
 */
@Service
public class ReportExports {

    private final SalesReports reports;
    private final AppSettings settings;

    ReportExports(SalesReports reports, AppSettings settings) {
        this.reports = reports;
        this.settings = settings;
    }

    /** The export of play dates {@code from} to {@code to}, of what {@code filter} names within {@code scope}. */
    public byte[] export(
            ExportKind kind,
            SheetFormat format,
            LocalDate from,
            LocalDate to,
            ReportFilter filter,
            DeskScope scope,
            Locale locale) {
        SalesReports.Lines lines = reports.read(from, to, filter, scope);
        return format.write(
                EngineMessages.format(locale, "xlsx.sheet." + kind.sheet()),
                switch (kind) {
                    case RESERVATIONS -> reservations(lines, locale);
                    case PAY_ORDERS -> payOrders(lines, locale);
                    case REPORT -> report(SalesReports.compute(from, to, lines), locale);
                });
    }

    private List<List<?>> reservations(SalesReports.Lines lines, Locale locale) {
        Map<Long, ReportMapper.SlotLine> slots = slotsById(lines);
        Map<Long, long[]> money = new HashMap<>(); // reservation → paid, refunded (cents)
        for (ReportMapper.PayLine order : lines.payOrders()) {
            PayOrderStatus status = PayOrderStatus.valueOf(order.getStatus());
            long[] sums = money.computeIfAbsent(order.getReservationId(), id -> new long[2]);
            if (status == PayOrderStatus.SUCCESS || status == PayOrderStatus.REFUNDED) {
                sums[0] += order.getAmountCents();
                sums[1] += order.getRefundedCents(); // a part given back of a kept booking too
            }
        }
        List<List<?>> rows = new ArrayList<>();
        rows.add(header(
                locale,
                "reservations",
                "id",
                "playDate",
                "court",
                "start",
                "end",
                "studentId",
                "studentName",
                "status",
                "cancelReason",
                "priceYuan",
                "paidYuan",
                "refundedYuan",
                "created",
                "category"));
        for (ReportMapper.ReservationLine r : lines.reservations()) {
            ReportMapper.SlotLine slot = slots.get(r.getSlotId());
            long[] sums = money.getOrDefault(r.getId(), new long[2]);
            rows.add(Arrays.asList(
                    r.getId(),
                    slot.getSlotDate(),
                    slot.getCourtName(),
                    slot.getStartTime(),
                    slot.getEndTime(),
                    r.getStudentId(),
                    r.getStudentName(),
                    word(locale, "reservation." + r.getStatus()),
                    r.getCancelReason() == null ? "" : word(locale, "reason." + r.getCancelReason()),
                    // the price it was granted at (SPEC §21); a row of before: its slot's
                    SalesReports.yuan(
                            r.getPriceCents() != null ? r.getPriceCents() : settings.priceCents(slot.getPriceCents())),
                    SalesReports.yuan(sums[0]),
                    SalesReports.yuan(sums[1]),
                    r.getCreateTime(),
                    r.getCategory() == null ? null : word(locale, "category." + r.getCategory())));
        }
        return rows;
    }

    private List<List<?>> payOrders(SalesReports.Lines lines, Locale locale) {
        Map<Long, ReportMapper.SlotLine> slots = slotsById(lines);
        Map<Long, ReportMapper.ReservationLine> reservations = lines.reservations().stream()
                .collect(Collectors.toMap(ReportMapper.ReservationLine::getId, Function.identity()));
        List<List<?>> rows = new ArrayList<>();
        rows.add(header(
                locale,
                "payOrders",
                "outTradeNo",
                "reservationId",
                "studentId",
                "studentName",
                "playDate",
                "court",
                "start",
                "amountYuan",
                "status",
                "created",
                "paid",
                "refunded"));
        for (ReportMapper.PayLine order : lines.payOrders()) {
            ReportMapper.ReservationLine r = reservations.get(order.getReservationId());
            ReportMapper.SlotLine slot = slots.get(r.getSlotId());
            rows.add(Arrays.asList(
                    order.getOutTradeNo(),
                    order.getReservationId(),
                    r.getStudentId(),
                    r.getStudentName(),
                    slot.getSlotDate(),
                    slot.getCourtName(),
                    slot.getStartTime(),
                    SalesReports.yuan(order.getAmountCents()),
                    word(locale, "pay." + order.getStatus()),
                    order.getCreateTime(),
                    order.getPaidTime(),
                    order.getRefundTime()));
        }
        return rows;
    }

    private static List<List<?>> report(SalesReport report, Locale locale) {
        List<List<?>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(header(locale, "report", "playDate", "offered", "sold", "held", "paid"));
        SalesReports.REASONS.forEach(reason ->
                header.add(EngineMessages.format(locale, "csv.report.cancelled", word(locale, "reason." + reason))));
        header.addAll(header(
                locale,
                "report",
                "refunded",
                "unsold",
                "revenueYuan",
                "refundsYuan",
                "netYuan",
                "checkedIn",
                "offersTaken",
                "offersDeclined",
                "offersExpired"));
        rows.add(header);
        report.days().forEach(day -> rows.add(figures(day.date(), day)));
        rows.add(figures(EngineMessages.format(locale, "csv.report.total"), report.total()));
        rows.add(null);
        rows.add(header(locale, "bySport", "venue", "sport", "places", "held", "percent", "noShows", "netYuan"));
        boolean zh = locale.getLanguage().equals(Locale.CHINESE.getLanguage());
        report.bySport()
                .forEach(s -> rows.add(Arrays.asList(
                        zh ? s.venueNameZh() : s.venueNameEn(),
                        zh ? s.sportNameZh() : s.sportNameEn(),
                        s.places(),
                        s.held(),
                        s.percent(),
                        s.noShows(),
                        s.netYuan())));
        rows.add(null);
        rows.add(header(locale, "byCategory", "category", "sold", "paid", "revenueYuan", "refundsYuan", "netYuan"));
        report.byCategory()
                .forEach(c -> rows.add(Arrays.asList(
                        word(locale, "category." + c.category()),
                        c.sold(),
                        c.paid(),
                        c.revenueYuan(),
                        c.refundsYuan(),
                        c.netYuan())));
        rows.add(null);
        rows.add(header(locale, "byHour", "hour", "places", "held", "percent"));
        report.byHour()
                .forEach(h -> rows.add(Arrays.asList(LocalTime.of(h.hour(), 0), h.places(), h.held(), h.percent())));
        rows.add(null);
        rows.add(header(locale, "utilisation", "court", "hour", "places", "held", "percent"));
        report.utilisation()
                .forEach(u -> rows.add(
                        Arrays.asList(u.courtName(), LocalTime.of(u.hour(), 0), u.places(), u.held(), u.percent())));
        return rows;
    }

    /** A day's figures (or the total's, {@code label} a word): the day a date, as the date column is. */
    private static List<Object> figures(Object label, SalesFigures day) {
        List<Object> row = new ArrayList<>(List.of(label, day.offered(), day.sold(), day.held(), day.paid()));
        SalesReports.REASONS.forEach(reason -> row.add(day.cancelled().get(reason)));
        row.addAll(List.of(
                day.refunded(),
                day.unsold(),
                day.revenueYuan(),
                day.refundsYuan(),
                day.netYuan(),
                day.checkedIn(),
                day.offersTaken(),
                day.offersDeclined(),
                day.offersExpired()));
        return row;
    }

    private static Map<Long, ReportMapper.SlotLine> slotsById(SalesReports.Lines lines) {
        return lines.slots().stream().collect(Collectors.toMap(ReportMapper.SlotLine::getId, Function.identity()));
    }

    private static List<String> header(Locale locale, String table, String... columns) {
        return Arrays.stream(columns)
                .map(column -> EngineMessages.format(locale, "csv." + table + "." + column))
                .toList();
    }

    private static String word(Locale locale, String key) {
        return EngineMessages.format(locale, "csv." + key);
    }
}

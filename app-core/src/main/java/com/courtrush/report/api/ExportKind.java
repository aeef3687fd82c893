package com.courtrush.report.api;

import com.courtrush.core.SheetFormat;
import java.time.LocalDate;

/** What can be exported. */
public enum ExportKind {
    RESERVATIONS("reservations", "reservations"),
    PAY_ORDERS("pay-orders", "payOrders"),
    REPORT("report", "report");

    private final String fileName;
    private final String sheet;

    ExportKind(String fileName, String sheet) {
        this.fileName = fileName;
        this.sheet = sheet;
    }

    /** e.g. courtrush-report-2026-11-23_2026-11-29.xlsx */
    public String fileName(LocalDate from, LocalDate to, SheetFormat format) {
        return format.fileName("courtrush-" + fileName + "-" + from + (from.equals(to) ? "" : "_" + to));
    }

    /** The engine text naming the workbook's sheet: {@code xlsx.sheet.<sheet>}. */
    public String sheet() {
        return sheet;
    }
}

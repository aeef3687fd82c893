package com.courtrush.report.api;

import java.time.LocalDate;

/** What can be exported. */
public enum ExportKind {
    RESERVATIONS("reservations"),
    PAY_ORDERS("pay-orders"),
    REPORT("report");

    private final String fileName;

    ExportKind(String fileName) {
        this.fileName = fileName;
    }

    /** e.g. courtrush-report-2026-11-23_2026-11-29.csv */
    public String fileName(LocalDate from, LocalDate to) {
        return "courtrush-" + fileName + "-" + from + (from.equals(to) ? "" : "_" + to) + ".csv";
    }
}

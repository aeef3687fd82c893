package com.courtrush.infra.config;

import java.sql.SQLException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** The embedded H2 database is already open: another CourtRush runs on the same data directory. */
class DataDirInUseFailureAnalyzer extends AbstractFailureAnalyzer<SQLException> {

    /** H2's DATABASE_ALREADY_OPEN_1. */
    private static final int DATABASE_ALREADY_OPEN = 90020;

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
        if (cause.getErrorCode() != DATABASE_ALREADY_OPEN) {
            return null;
        }
        return new FailureAnalysis(
                "Another CourtRush (server or console) is already running on this data "
                        + "directory; its embedded database can only be open once.",
                "Stop the other instance, or start this one with its own --courtrush.data-dir=<folder>.",
                cause);
    }
}

package com.courtrush.report.api;

import java.time.LocalDate;
import java.util.List;

/**
 * A range's report: each play date, their total, and the utilisation by court and hour; by venue and sport, by booking
 * category and by hour (SPEC §21).
 */
public record SalesReport(
        LocalDate from,
        LocalDate to,
        List<SalesFigures> days,
        SalesFigures total,
        List<Utilisation> utilisation,
        List<VenueSportFigures> bySport,
        List<CategoryFigures> byCategory,
        List<HourUse> byHour) {}

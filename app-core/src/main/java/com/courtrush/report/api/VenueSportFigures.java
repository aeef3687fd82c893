package com.courtrush.report.api;

import java.math.BigDecimal;

/**
 * One venue's sport over a report's range (SPEC §21): its places offered and held, how full it was, its no-shows and
 * the money it kept.
 *
 * @param percent held of offered, one decimal
 * @param netYuan money received less refunds, of its bookings
 */
public record VenueSportFigures(
        long venueId,
        String venueNameZh,
        String venueNameEn,
        String sport,
        String sportNameZh,
        String sportNameEn,
        int places,
        int held,
        BigDecimal percent,
        int noShows,
        BigDecimal netYuan) {}

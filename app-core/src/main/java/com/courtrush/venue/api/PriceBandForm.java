package com.courtrush.venue.api;

import com.courtrush.account.api.Category;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalTime;

/**
 * What a slot of a venue costs a category when it starts within {@code [starts, ends)} on the days named (SPEC §21).
 *
 * @param sport      the sport it prices; null for every sport of the venue
 * @param days       which days: every day, Monday to Friday, or Saturday and Sunday
 * @param priceCents in fen, 0 to 100,000 yuan
 */
public record PriceBandForm(
        String sport,
        Category category,
        PriceDays days,
        @JsonFormat(pattern = "HH:mm") LocalTime starts,
        @JsonFormat(pattern = "HH:mm") LocalTime ends,
        Integer priceCents) {}

package com.courtrush.venue.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalTime;
import java.util.List;

/**
 * A venue as students and staff see it (SPEC §21).
 *
 * @param nameZh   its name in Chinese; the gym's name for a venue not named apart from it
 * @param nameEn   its name in English; the gym's name for a venue not named apart from it
 * @param location where to find it, or null
 * @param opens    when its courts are first played
 * @param closes   when its last slot ends
 * @param active   students may pick it and its courts are sold
 * @param sports   the sports of its active courts
 */
public record VenueView(
        long id,
        String nameZh,
        String nameEn,
        String location,
        @JsonFormat(pattern = "HH:mm") LocalTime opens,
        @JsonFormat(pattern = "HH:mm") LocalTime closes,
        boolean active,
        List<SportView> sports) {}

package com.courtrush.venue.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalTime;

/**
 * A venue to create, or what to change of one: a null field is left as it is (the defaults 08:00–22:00 on create).
 *
 * @param nameZh   up to 64 characters; both names are needed to create one
 * @param location where to find it (up to 200 characters)
 */
public record VenueForm(
        String nameZh,
        String nameEn,
        String location,
        @JsonFormat(pattern = "HH:mm") LocalTime opens,
        @JsonFormat(pattern = "HH:mm") LocalTime closes,
        Boolean active) {}

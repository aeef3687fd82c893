package com.courtrush.calendar;

import com.courtrush.account.api.Caller;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.Locale;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Calendar", description = "A student's bookings in their calendar app")
@RestController
class CalendarController {

    static final MediaType TEXT_CALENDAR = new MediaType("text", "calendar", java.nio.charset.StandardCharsets.UTF_8);

    private final CalendarFeeds feeds;

    CalendarController(CalendarFeeds feeds) {
        this.feeds = feeds;
    }

    @Operation(
            summary = "A student's calendar feed (iCalendar), read by their calendar app with the feed key in the "
                    + "address: no sign-in; an unknown or replaced key is 404. Their bookings and those they are an "
                    + "accepted partner on, in Chinese unless lang=en")
    @GetMapping("/calendar/{key}.ics")
    ResponseEntity<String> feed(
            @PathVariable @Size(max = 64) String key,
            @Parameter(description = "the calendar's language: en, or zh (the default)")
                    @RequestParam(required = false)
                    @Size(max = 8)
                    String lang) {
        return ResponseEntity.ok().contentType(TEXT_CALENDAR).body(feeds.feed(key, lang));
    }

    @Operation(summary = "Whether I have a calendar feed, since when, and when my calendar app last read it")
    @GetMapping("/reservations/calendar")
    ApiResponse<CalendarFeeds.FeedView> state(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(feeds.state(caller.requireUserId()));
    }

    @Operation(
            summary = "A new calendar feed address (shown this once); the old one stops working. It speaks the "
                    + "request's language (Accept-Language): English, or Chinese")
    @PostMapping("/reservations/calendar")
    ApiResponse<CalendarFeeds.NewFeed> renew(@AuthenticationPrincipal Caller caller, HttpServletRequest http) {
        return ApiResponse.ok(feeds.renew(caller.requireUserId(), language(http)));
    }

    @Operation(summary = "Stop my calendar feed: its address answers 404 from now on")
    @DeleteMapping("/reservations/calendar")
    ApiResponse<CalendarFeeds.FeedView> stop(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(feeds.stop(caller.requireUserId()));
    }

    @Operation(
            summary = "One of my bookings (or one I am an accepted partner on) as an .ics file, to add to a calendar; "
                    + "in the request's language (Accept-Language), Chinese when it names none")
    @GetMapping("/reservations/{reservationId}/calendar.ics")
    ResponseEntity<String> booking(
            @PathVariable @Positive long reservationId,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        return ResponseEntity.ok()
                .contentType(TEXT_CALENDAR)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename("courtrush-" + reservationId + ".ics")
                                .build()
                                .toString())
                .body(feeds.booking(reservationId, caller.requireUserId(), language(http)));
    }

    /** The language the caller asked for; Chinese when it named none (a calendar's default, issue 55). */
    private static Locale language(HttpServletRequest http) {
        String header = http.getHeader(HttpHeaders.ACCEPT_LANGUAGE);
        return header == null || header.isBlank() ? CalendarIcs.CHINESE : CalendarIcs.language(http.getLocale());
    }
}

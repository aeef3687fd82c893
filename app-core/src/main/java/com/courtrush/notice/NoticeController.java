package com.courtrush.notice;

import com.courtrush.account.api.Caller;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import java.util.List;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A student's inbox (SPEC §17). */
@Tag(name = "Notices", description = "What happened to my bookings: an inbox, newest first")
@RestController
@Validated
class NoticeController {

    private final NoticeInbox notices;
    private final FlashReminders reminders;

    NoticeController(NoticeInbox notices, FlashReminders reminders) {
        this.notices = notices;
        this.reminders = reminders;
    }

    @Operation(summary = "My notices, newest first (before: a notice id, for the next page), and how many are unread")
    @GetMapping("/notices")
    ApiResponse<NoticeInbox.Inbox> inbox(
            @RequestParam(required = false) @Positive Long before,
            @RequestParam(defaultValue = "20") @Min(1) @Max(NoticeInbox.MAX_PAGE) int size,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        return ApiResponse.ok(notices.inbox(caller.requireUserId(), before, size, RequestLocales.of(http)));
    }

    @Operation(
            summary = "How many of my notices are unread (the page's badge), and a stamp that moves when a notice is"
                    + " written for me (the page reads my bookings again when it does)")
    @GetMapping("/notices/unread")
    ApiResponse<NoticeInbox.Badge> unread(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(notices.badge(caller.requireUserId()));
    }

    @Operation(summary = "Mark one of my notices read")
    @PostMapping("/notices/{id}/read")
    ApiResponse<Map<String, Integer>> read(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of("unread", notices.read(caller.requireUserId(), id)));
    }

    @Operation(summary = "The openings I asked to be reminded of, flash time still to come")
    @GetMapping("/notices/reminders")
    ApiResponse<List<Long>> reminders(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reminders.upcoming(caller.requireUserId()));
    }

    @Operation(summary = "Remind me of this opening 10 minutes before its flash time (a notice, and an email)")
    @PutMapping("/notices/reminders/{sessionId}")
    ApiResponse<List<Long>> remind(@PathVariable @Positive long sessionId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reminders.set(caller.requireUserId(), sessionId, true));
    }

    @Operation(summary = "Do not remind me of this opening")
    @DeleteMapping("/notices/reminders/{sessionId}")
    ApiResponse<List<Long>> forget(@PathVariable @Positive long sessionId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reminders.set(caller.requireUserId(), sessionId, false));
    }

    @Operation(summary = "Mark all my notices read")
    @PostMapping("/notices/read-all")
    ApiResponse<Map<String, Integer>> readAll(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of("unread", notices.readAll(caller.requireUserId())));
    }
}

package com.courtrush.opening;

import com.courtrush.opening.api.SessionState;
import com.courtrush.web.ApiResponse;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /calendar}: the gym's today (in its zone, not the phone's) and the openings of the
 * next two weeks, so the students' page can start on the date whose opening is next. Every page
 * load asks it: the answer is kept for a second, so a crowd arriving before the flash time costs
 * the database one query a second; a change of the catalog on any node drops it at once.
 */
@Tag(name = "Slots")
@RestController
public class OpeningCalendar {

    static final int DAYS_AHEAD = 14;

    private final OpeningService openings;
    private final Clock clock;
    private final LoadingCache<LocalDate, List<Upcoming>> upcoming;

    OpeningCalendar(OpeningService openings, Clock clock) {
        this.openings = openings;
        this.clock = clock;
        this.upcoming = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(1))
                .maximumSize(2)
                .build(this::load);
    }

    @Operation(summary = "The gym's date today and the openings from today on (two weeks), by flash time")
    @GetMapping("/calendar")
    ApiResponse<Calendar> calendar() {
        LocalDate today = LocalDate.now(clock);
        return ApiResponse.ok(new Calendar(today, clock.getZone(), upcoming.get(today)));
    }

    /** The openings from {@code today} on, as the calendar answers them (kept a second). */
    List<Upcoming> upcoming(LocalDate today) {
        return upcoming.get(today);
    }

    /** The flash times of the openings not closed, of {@code today} on, by opening (kept a second). */
    public Map<Long, LocalDateTime> flashTimes(LocalDate today) {
        Map<Long, LocalDateTime> flashes = new LinkedHashMap<>();
        for (Upcoming opening : upcoming.get(today)) {
            if (opening.state() != SessionState.CLOSED) {
                flashes.put(opening.sessionId(), opening.flashTime());
            }
        }
        return flashes;
    }

    /** Openings were created or changed (here or on another node): the next answer reads them again. */
    public void forget() {
        upcoming.invalidateAll();
    }

    private List<Upcoming> load(LocalDate today) {
        return openings.between(today, today.plusDays(DAYS_AHEAD)).stream()
                .map(s -> new Upcoming(s.getId(), s.getSessionDate(), s.getFlashTime(), s.getState(), s.getVenueId()))
                .toList();
    }

    /** What {@code GET /calendar} answers (in the envelope). */
    record Calendar(LocalDate today, ZoneId zone, List<Upcoming> openings) {}

    /** One opening, without its slots ({@code GET /slots?date=} has them), and the venue it sells (SPEC §21). */
    record Upcoming(long sessionId, LocalDate sessionDate, LocalDateTime flashTime, SessionState state, long venueId) {}
}

package com.courtrush.share;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Rehearsal;
import com.courtrush.infra.config.BackgroundWork;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.api.Holding;
import com.courtrush.share.api.SharePlace;
import com.courtrush.share.api.ShareRules;
import com.courtrush.share.api.ShareStanding;
import com.courtrush.venue.Venues;
import com.courtrush.venue.api.SportView;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * The fair share (SPEC §16) outside the scripts that grant places: the rules in force, each opening's copy made
 * from the database (with its re-sync) and kept in step with bookings made or ended in other openings, a partner's
 * acceptance taken in Redis, the database's guard, and the SHARE_USED answer. The database is the last word: an
 * opening's copy that missed a change (Redis down at that moment, a change committed while the copy was made)
 * refuses too much or too little until its next re-sync, and what it let through past a share the database
 * refuses — compensated like any refused grant.
 */
@Component
public class Shares {

    private static final Logger log = LoggerFactory.getLogger(Shares.class);
    private static final Object LIVE = new Object();
    /** How long changes for other openings are gathered before they are sent. */
    private static final Duration GATHER = Duration.ofMillis(20);

    private final ShareMapper mapper;
    private final ShareAnswers answers;
    private final AppSettings settings;
    private final RScript script;
    private final TaskScheduler scheduler;
    /** Changes for other openings not yet sent, by opening, in the order they were made (guarded by itself). */
    private final Map<Long, List<String[]>> outbox = new LinkedHashMap<>();
    /** A send is scheduled (guarded by {@link #outbox}). */
    private boolean sending;
    /** The openings Redis may hold, read again every few seconds (the consumer asks once per batch). */
    private final LoadingCache<Object, List<Long>> live;
    /** The sports with a share of their own, read again every few seconds. */
    private final LoadingCache<Object, List<SportView>> sports;

    Shares(
            ShareMapper mapper,
            ShareAnswers answers,
            AppSettings settings,
            RedissonClient redisson,
            TaskScheduler scheduler,
            Venues venues,
            BackgroundWork refreshes,
            Clock clock) {
        this.scheduler = scheduler;
        this.mapper = mapper;
        this.answers = answers;
        this.settings = settings;
        this.script = redisson.getScript();
        this.live = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(2))
                .build(key -> mapper.liveFrom(LocalDate.now(clock).minusDays(1)));
        // read on every reserve request: read again in the background, never on the request's thread (AppSettings)
        this.sports = Caffeine.newBuilder()
                .refreshAfterWrite(Duration.ofSeconds(2))
                .executor(refreshes)
                .build(key -> venues.sports().stream()
                        .filter(sport -> sport.perDay() != null || sport.perWeek() != null)
                        .toList());
    }

    /**
     * The rules in force: the settings' (cached a few seconds on each node, as settings are) and each sport's own
     * share (read again every few seconds: the hot path asks on every request).
     */
    public ShareRules rules() {
        ShareRules gym = new ShareRules(
                settings.getPositiveInt(SettingKey.BOOKINGS_PER_DAY),
                settings.getInt(SettingKey.BOOKINGS_PER_WEEK, 0),
                settings.getInt(SettingKey.ONE_PLACE_AT_A_TIME, 0) == 1);
        List<SportView> own = sports.get(LIVE);
        if (own.isEmpty()) {
            return gym;
        }
        Map<String, ShareRules.SportShare> shares = new LinkedHashMap<>();
        for (SportView sport : own) {
            shares.put(
                    sport.code(),
                    new ShareRules.SportShare(
                            sport.perDay() == null ? gym.perDay() : sport.perDay(),
                            sport.perWeek() == null ? gym.perWeek() : sport.perWeek()));
        }
        return new ShareRules(gym.perDay(), gym.perWeek(), gym.oneAtATime(), shares);
    }

    /**
     * An opening's copy as the database has it, for its warm-up or re-sync: every student's bookings of the weeks its
     * slots are played in, as entries by student — but not the opening's own active places, which the re-sync
     * derives from the places it rebuilds (those the database has and those granted and not yet recorded).
     *
     * @param slotDates the dates of the opening's slots (the re-sync has read them)
     */
    public Map<Long, String> copyOf(long sessionId, Collection<LocalDate> slotDates) {
        live.invalidateAll(); // an opening (re)built: this node tells it of bookings elsewhere from now on
        if (slotDates.isEmpty()) {
            return Map.of();
        }
        Map<Long, List<String>> entries = new LinkedHashMap<>();
        LocalDate first = Collections.min(slotDates);
        LocalDate last = Collections.max(slotDates);
        for (Holding holding : weeksOf(null, first, last, sessionId)) {
            entries.computeIfAbsent(holding.userId(), user -> new ArrayList<>()).add(holding.entry());
        }
        Map<Long, String> copy = new LinkedHashMap<>();
        entries.forEach((user, list) -> copy.put(user, String.join(";", list)));
        return copy;
    }

    /** The bookings that count against the students' shares in the weeks from {@code first} to {@code last}. */
    private List<Holding> weeksOf(Collection<Long> students, LocalDate first, LocalDate last, Long exceptSession) {
        return mapper.holdings(
                students,
                first.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)),
                last.with(TemporalAdjusters.nextOrSame(DayOfWeek.SUNDAY)),
                exceptSession);
    }

    /** A student's share in the week of {@code day}: the rules and the bookings that count (the Students screen). */
    public ShareStanding standing(long userId, LocalDate day) {
        return new ShareStanding(
                day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)),
                rules(),
                weeksOf(List.of(userId), day, day, null));
    }

    /**
     * The database's guard (as G1–G3 guard the stock): call it in the transaction that writes the places, after
     * locking the students' rows and writing the rows, so that what it reads is every other booking of theirs
     * committed before and this transaction's own. Throws the refusal of the first place past a share.
     */
    public void guard(List<Place> places) {
        if (places.isEmpty()) {
            return;
        }
        ShareRules rules = rules();
        Set<Long> students = places.stream().map(Place::userId).collect(Collectors.toCollection(TreeSet::new));
        LocalDate first = places.stream()
                .map(p -> p.place().date())
                .min(LocalDate::compareTo)
                .orElseThrow();
        LocalDate last = places.stream()
                .map(p -> p.place().date())
                .max(LocalDate::compareTo)
                .orElseThrow();
        Map<Long, List<Holding>> held =
                weeksOf(students, first, last, null).stream().collect(Collectors.groupingBy(Holding::userId));
        for (Place place : places) {
            List<Holding> others = held.getOrDefault(place.userId(), List.of()).stream()
                    .filter(holding -> !holding.key().equals(place.key()))
                    .toList();
            Optional<ShareCheck.Refusal> refusal = ShareCheck.refusal(others, place.place(), rules);
            if (refusal.isPresent()) {
                throw new PastShare(place, refusal.get());
            }
        }
    }

    /**
     * The rule a booking of {@code place} would break now, with the student's bookings that hold it, if any: what a
     * grant the database refused as past a share tells its student (decision 26 lets two openings each grant one).
     */
    public Optional<ShareCheck.Refusal> refusalOf(long userId, SharePlace place) {
        return ShareCheck.refusal(weeksOf(List.of(userId), place.date(), place.date(), null), place, rules());
    }

    /**
     * A partner's acceptance takes its share in the booking's own opening, atomically with Redis's check; refused
     * with SHARE_USED past it. Nothing is taken when Redis does not hold the opening (the database decides alone).
     * Returns whether Redis took it (to {@link #untake} if the database then refuses).
     */
    public boolean takeAsPartner(Place place) {
        ShareCall.Reply reply = ShareCall.SCRIPT.call(
                script, ShareCall.take(place.sessionId(), place.userId(), place.entry(), rules()));
        if ("SHARE_USED".equals(reply.outcome())) {
            throw answers.refusal(reply.rule(), reply.holding());
        }
        return "TAKEN".equals(reply.outcome());
    }

    /** Gives back what {@link #takeAsPartner} took when the database refused the acceptance. */
    public void untake(Place place) {
        sync(Map.of(place.sessionId(), List.<String[]>of(ShareCall.drop(place.userId(), place.key()))));
    }

    /** Places recorded (committed): every other opening Redis holds counts them against their students. */
    public void booked(List<Place> places) {
        Map<Long, List<String[]>> bySession = new LinkedHashMap<>();
        for (Place place : places) {
            if (Rehearsal.isRehearsal(place.sessionId())) {
                continue; // the engine's rehearsal (decision 28): nobody's place, no real opening's to count
            }
            bySession
                    .computeIfAbsent(place.sessionId(), s -> new ArrayList<>())
                    .add(ShareCall.put(place.userId(), place.entry()));
        }
        Map<Long, List<String[]>> changes = new LinkedHashMap<>();
        for (long opening : live.get(LIVE)) {
            List<String[]> ofOpening = new ArrayList<>();
            bySession.forEach((session, ofSession) -> {
                if (session != opening) {
                    ofOpening.addAll(ofSession); // an opening's own places are its scripts' to count
                }
            });
            changes.put(opening, ofOpening);
        }
        if (bySession.isEmpty()) {
            return;
        }
        sync(changes);
    }

    /** A partner's acceptance committed: every other opening Redis holds counts it. */
    public void accepted(Place place) {
        sync(live.get(LIVE).stream()
                .filter(opening -> opening != place.sessionId())
                .collect(Collectors.toMap(
                        opening -> opening,
                        opening -> List.<String[]>of(ShareCall.put(place.userId(), place.entry())),
                        (a, b) -> a,
                        LinkedHashMap::new)));
    }

    /** An accepted partner is no longer on the booking (withdrawn): their share is free in every opening. */
    public void withdrawn(long userId, long reservationId) {
        sync(live.get(LIVE).stream()
                .collect(Collectors.toMap(
                        opening -> opening,
                        opening -> List.<String[]>of(ShareCall.drop(userId, "p" + reservationId)),
                        (a, b) -> a,
                        LinkedHashMap::new)));
    }

    /**
     * A booking ended cancelled, refunded, timed out or compensated (not a no-show: that place was used): the
     * booker's share is free in every other opening (its own gives it back with the place), its partners' in all.
     */
    public void ended(long userId, long sessionId, long slotId, long reservationId) {
        List<Long> partners = mapper.partnersOf(reservationId);
        Map<Long, List<String[]>> changes = new LinkedHashMap<>();
        for (long opening : live.get(LIVE)) {
            List<String[]> ofOpening = new ArrayList<>();
            if (opening != sessionId) {
                ofOpening.add(ShareCall.drop(userId, "b" + slotId));
            }
            partners.forEach(partner -> ofOpening.add(ShareCall.drop(partner, "p" + reservationId)));
            changes.put(opening, ofOpening);
        }
        sync(changes);
    }

    /**
     * Each opening's changes, gathered for {@link #GATHER} and then sent, one call per opening for all that came in
     * meanwhile (in a rush, one a batch would be one per batch and opening), not waited for by whoever made the
     * change. An opening that could not be told is logged: its copy is made right by its next re-sync, the
     * database guards meanwhile.
     */
    private void sync(Map<Long, List<String[]>> changes) {
        synchronized (outbox) {
            changes.forEach((opening, ofOpening) -> {
                if (!ofOpening.isEmpty()) {
                    outbox.computeIfAbsent(opening, o -> new ArrayList<>()).addAll(ofOpening);
                }
            });
            if (outbox.isEmpty() || sending) {
                return;
            }
            sending = true;
        }
        scheduler.schedule(this::send, Instant.now().plus(GATHER));
    }

    private void send() {
        Map<Long, List<String[]>> gathered;
        synchronized (outbox) {
            gathered = new LinkedHashMap<>(outbox);
            outbox.clear();
            sending = false;
        }
        gathered.forEach((opening, ofOpening) -> {
            try {
                ShareCall.SCRIPT
                        .callAsync(script, ShareCall.sync(opening, ofOpening))
                        .whenComplete((reply, error) -> {
                            if (error != null) {
                                missed(opening, ofOpening.size(), error);
                            }
                        });
            } catch (RuntimeException e) {
                missed(opening, ofOpening.size(), e);
            }
        });
    }

    private static void missed(long opening, int changes, Throwable error) {
        log.error(
                "Opening {}'s copy of the fair shares missed {} change(s); until its next re-sync it may refuse or "
                        + "let through what the database decides",
                opening,
                changes,
                error);
    }

    /**
     * A place a student is given, as the guard and the copies see it.
     *
     * @param key the entry's key ({@link Holding#key})
     */
    public record Place(long userId, long sessionId, long slotId, String key, SharePlace place) {

        /** A booker's place of a slot. */
        public static Place booked(long userId, long sessionId, long slotId, SharePlace place) {
            return new Place(userId, sessionId, slotId, "b" + slotId, place);
        }

        /** An accepted partner's place on a booking. */
        public static Place partner(long userId, long sessionId, long slotId, long reservationId, SharePlace place) {
            return new Place(userId, sessionId, slotId, "p" + reservationId, place);
        }

        String entry() {
            return place.entry(key, slotId);
        }
    }

    /** A place past a share, found by the database's guard: the transaction rolls back. */
    public static final class PastShare extends RuntimeException {
        private final transient Place place;
        private final transient ShareCheck.Refusal refusal;

        PastShare(Place place, ShareCheck.Refusal refusal) {
            super("past the student's fair share (" + refusal.rule() + ")", null, false, false);
            this.place = place;
            this.refusal = refusal;
        }

        public Place place() {
            return place;
        }

        public ShareCheck.Refusal refusal() {
            return refusal;
        }

        /** The answer to the student. */
        public CourtRushException answer() {
            return ShareAnswers.refusal(refusal.rule(), refusal.holding());
        }
    }
}

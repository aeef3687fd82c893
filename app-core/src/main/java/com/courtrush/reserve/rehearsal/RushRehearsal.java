package com.courtrush.reserve.rehearsal;

import com.courtrush.account.TokenService;
import com.courtrush.account.UserAccount;
import com.courtrush.account.api.Role;
import com.courtrush.infra.amqp.PublisherChannels;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.opening.OpeningCalendar;
import com.courtrush.reserve.api.RehearsalState;
import com.courtrush.reserve.recover.StockSync;
import com.courtrush.slot.SlotCatalog;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * The engine's rehearsal of its rush (decision 28). A node that has just started runs its rush's code for the
 * first time at its first rush, and on two cores compiling it then took the crowd's cores for seconds: the first
 * rush after a restart sold out four to six times slower than a rehearsed one, its winners waited six to ten times
 * longer. So, once started, the node rehearses — away from any opening's flash time, on a thread of its own — a
 * few rounds of a crowd over its own connector at an opening of its own ({@link RehearsalOpening}), through the
 * whole winner path: the reserve lane, the script, the publish with its confirm, the consumers and the database's
 * statements ({@link RehearsalRecorder}). And before each opening it has the students' token states read
 * ({@link OpeningPriming}).
 *
 * <p>Nothing of a rehearsal is kept: see {@link com.courtrush.core.Rehearsal}. Its Redis keys ({@link RehearsalKeys}) are deleted after
 * each round; a node killed mid-round leaves them to the next node that starts (they also expire).
 */
@Component
class RushRehearsal {

    private static final Logger log = LoggerFactory.getLogger(RushRehearsal.class);

    /** Rounds of a rehearsal, each a new opening with new students: the grant path runs while places last. */
    static final int ROUNDS = 3;

    static final int SLOTS = 12;
    static final int CAPACITY = 25;
    static final int STUDENTS = 1000;
    static final int CLIENTS = 16;
    /** The round's crowd starts this long before its gate opens (UNGATED answers) and goes on after it. */
    static final Duration BEFORE_GATE = Duration.ofSeconds(1);

    static final Duration AFTER_GATE = Duration.ofSeconds(4);
    /** ... and goes on until its places are sold out, however slow the node is now, but no longer than this. */
    static final Duration AFTER_GATE_AT_MOST = Duration.ofSeconds(20);
    /** How long a round's grants may take to be recorded before the round ends anyway. */
    static final Duration RECORDING_WAIT = Duration.ofSeconds(20);
    /** No rehearsal this close to an opening's flash time, before or after: its cores are the crowd's. */
    static final Duration AWAY_FROM_FLASH = Duration.ofMinutes(1);

    private static final Duration FIRST_DELAY = Duration.ofSeconds(2);
    private final AtomicBoolean rehearsalScheduled = new AtomicBoolean();
    private static final Duration RETRY = Duration.ofSeconds(30);
    /** How long a rehearsal waits for a busy machine before it gives up. */
    static final Duration BUSY_AT_MOST = Duration.ofMinutes(10);

    private static final Duration KEYS_EXPIRE = Duration.ofMinutes(15);
    /**
     * How long a close waits for a rehearsal under way to end its round: the crowd stops at once, the batch in hand
     * finishes its rolled-back write ({@link RehearsalRecorder#BATCH_IN_HAND}), and the round's consumer stops.
     */
    static final Duration ROUND_ENDS_WITHIN = Duration.ofSeconds(30);

    private final CourtRushProperties properties;
    private final Environment environment;
    private final SlotCatalog catalog;
    private final OpeningCalendar calendar;
    private final TokenService tokens;
    private final OpeningPriming priming;
    private final StockSync stock;
    private final RehearsalRecorder recorder;
    private final PublisherChannels channels;
    private final RehearsalKeys keys;
    private final TaskScheduler scheduler;
    private final Clock clock;
    private final RehearsalProgress progress;
    private final AtomicBoolean started = new AtomicBoolean();
    /** When the rehearsal first found the machine busy, while it waits; null when it is not waiting. */
    private volatile Instant busySince;

    private volatile boolean closing;
    /** Held by a rehearsal under way, so that a close can wait for its round's consumer to stop. */
    private final ReentrantLock rehearsing = new ReentrantLock();

    private volatile URI base;

    RushRehearsal(
            CourtRushProperties properties,
            Environment environment,
            SlotCatalog catalog,
            OpeningCalendar calendar,
            TokenService tokens,
            OpeningPriming priming,
            StockSync stock,
            RehearsalRecorder recorder,
            PublisherChannels channels,
            RehearsalKeys keys,
            TaskScheduler scheduler,
            Clock clock,
            RehearsalProgress progress) {
        this.progress = progress;
        this.properties = properties;
        this.environment = environment;
        this.catalog = catalog;
        this.calendar = calendar;
        this.tokens = tokens;
        this.priming = priming;
        this.stock = stock;
        this.recorder = recorder;
        this.channels = channels;
        this.keys = keys;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /**
     * The students' connector is up: the node rehearses on it soon (when {@code courtrush.reserve.rehearse}), and from
     * then on reads token states before openings and deletes what rehearsals killed mid-round left in Redis.
     */
    @EventListener
    void connectorUp(WebServerInitializedEvent event) {
        if (event.getApplicationContext().getServerNamespace() != null // a management port of its own
                || !started.compareAndSet(false, true)) {
            return;
        }
        boolean tls = environment.getProperty("server.ssl.enabled", Boolean.class, false)
                || environment.getProperty("server.ssl.key-store") != null
                || environment.getProperty("server.ssl.bundle") != null;
        if (!tls) {
            base = URI.create("http://" + hostOf(environment.getProperty("server.address")) + ":"
                    + event.getWebServer().getPort());
        }
        if (properties.reserve().rehearse() && tls) {
            log.info("No rehearsal of the rush: the connector speaks TLS, which the rehearsal's crowd does not");
        }
        scheduler.scheduleWithFixedDelay(this::housekeeping, Instant.now(clock).plus(RETRY), RETRY);
    }

    /**
     * The node has started: it rehearses soon. Not as soon as its connector is up — the rest of a start (on a busy
     * desk machine, minutes) would share the cores with the rehearsal's crowd and come later for it.
     */
    @EventListener(ApplicationReadyEvent.class)
    void nodeReady() {
        if (properties.reserve().rehearse() && base != null && rehearsalScheduled.compareAndSet(false, true)) {
            progress.moveTo(RehearsalState.Phase.PENDING);
            scheduler.schedule(this::rehearseWhenAway, Instant.now(clock).plus(FIRST_DELAY));
        }
    }

    /** Every half minute: the token states of an opening coming up, the keys of a rehearsal killed mid-round. */
    void housekeeping() {
        if (closing) {
            return;
        }
        if (properties.reserve().rehearse()) {
            priming.primeBeforeOpenings();
        }
        try {
            keys.forgetLeftBehind();
        } catch (RuntimeException e) {
            log.warn("The keys rehearsals left behind could not be deleted now; next time: {}", e.toString());
        }
    }

    /**
     * The node closes: a rehearsal under way ends its round before anything else closes. Its consumer is not one of
     * the context's beans, so nothing else stops it before the connection factory goes; a consumer left reading
     * then acknowledged on closed channels, and each refusal was an error in the log (a console stopped during its
     * rehearsal on a busy desk machine, 2026-11-30).
     */
    @EventListener(ContextClosedEvent.class)
    void closing() {
        closing = true;
        try {
            if (rehearsing.tryLock(ROUND_ENDS_WITHIN.toMillis(), TimeUnit.MILLISECONDS)) {
                rehearsing.unlock();
            } else {
                log.warn(
                        "The rehearsal under way had not ended its round {} s after the node began to close; the close"
                                + " goes on",
                        ROUND_ENDS_WITHIN.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Where this node's own crowd reaches it: its bound address, or loopback when it listens on all of them. */
    static String hostOf(String address) {
        try {
            InetAddress bound = address == null || address.isBlank() ? null : InetAddress.getByName(address);
            if (bound == null || bound.isAnyLocalAddress()) {
                return "127.0.0.1";
            }
            String host = bound.getHostAddress();
            return host.contains(":") ? "[" + host + "]" : host;
        } catch (UnknownHostException e) {
            return "127.0.0.1";
        }
    }

    /**
     * Rehearses now unless an opening's flash time is near or the machine is busy, in which case it asks again later;
     * a machine busy for {@link #BUSY_AT_MOST} is not rehearsed on at all (the log and the status bar say so).
     */
    void rehearseWhenAway() {
        if (closing) {
            return;
        }
        try {
            LocalDateTime now = LocalDateTime.now(clock);
            if (nearFlashTime(now)) {
                log.info(
                        "Rehearsal of the rush put off: an opening's flash time is within {} min",
                        AWAY_FROM_FLASH.toMinutes());
                scheduler.schedule(this::rehearseWhenAway, Instant.now(clock).plus(RETRY));
                return;
            }
            if (progress.busy()) {
                Instant since = busySince == null ? Instant.now(clock) : busySince;
                busySince = since;
                if (Duration.between(since, Instant.now(clock)).compareTo(BUSY_AT_MOST) >= 0) {
                    progress.moveTo(RehearsalState.Phase.SKIPPED);
                    log.warn(
                            "The rush was not rehearsed: the machine stayed busy for {} min (load {} per core); the"
                                    + " first rush compiles its code as it goes",
                            BUSY_AT_MOST.toMinutes(),
                            String.format("%.1f", progress.loadPerCore()));
                    return;
                }
                if (progress.state().phase() != RehearsalState.Phase.WAITING) {
                    log.info(
                            "Rehearsal of the rush waits: the machine is busy (load {} per core); it tries every {} s"
                                    + " for up to {} min",
                            String.format("%.1f", progress.loadPerCore()),
                            RETRY.toSeconds(),
                            BUSY_AT_MOST.toMinutes());
                }
                progress.moveTo(RehearsalState.Phase.WAITING);
                scheduler.schedule(this::rehearseWhenAway, Instant.now(clock).plus(RETRY));
                return;
            }
            busySince = null;
            progress.moveTo(RehearsalState.Phase.RUNNING);
            Summary summary = rehearse();
            progress.moveTo(
                    summary.rounds().size() < ROUNDS ? RehearsalState.Phase.CUT_SHORT : RehearsalState.Phase.DONE);
        } catch (RuntimeException e) {
            progress.moveTo(RehearsalState.Phase.FAILED);
            log.warn(
                    "The rehearsal of the rush failed; the first rush finds this node less ready: {}", e.toString(), e);
        }
    }

    private boolean nearFlashTime(LocalDateTime now) {
        return calendar.flashTimes(now.toLocalDate()).values().stream()
                .anyMatch(flash -> Duration.between(now, flash).abs().compareTo(AWAY_FROM_FLASH) <= 0);
    }

    /**
     * What a rehearsal did, round by round, and the publishing channels it left ready (its crowd needs fewer at once
     * than a rush's).
     */
    record Summary(List<Round> rounds, long millis, long compiledMillis, int channels) {

        long granted() {
            return rounds.stream().mapToLong(round -> round.answers().granted()).sum();
        }

        long recorded() {
            return rounds.stream().mapToLong(Round::recorded).sum();
        }
    }

    /** A round: its opening, what its crowd was answered, and how many of its grants were recorded (rolled back). */
    record Round(long sessionId, String queue, RehearsalCrowd.Answers answers, long recorded, long failed) {

        @Override
        public String toString() {
            return answers.byStatus() + " by status, " + recorded + " of " + answers.granted()
                    + " places recorded and rolled back"
                    + (failed > 0 ? ", " + failed + " not" : "")
                    + (answers.failed() > 0 ? ", " + answers.failed() + " requests unanswered" : "");
        }
    }

    /** A rehearsal now, its rounds one after the other (the start-up's, or a test's). */
    Summary rehearse() {
        if (base == null) {
            throw new IllegalStateException("No connector to rehearse on (none yet, or it speaks TLS)");
        }
        rehearsing.lock();
        try {
            return rehearseRounds();
        } finally {
            rehearsing.unlock();
        }
    }

    private Summary rehearseRounds() {
        keys.forgetLeftBehind();
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long compiledBefore = jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
        long begin = System.nanoTime();
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < ROUNDS && !closing; i++) {
            if (i > 0 && progress.busy()) {
                log.info(
                        "Rehearsal of the rush cut short after {} round(s): the machine became busy (load {} per core)",
                        i,
                        String.format("%.1f", progress.loadPerCore()));
                break;
            }
            rounds.add(round(i + 1));
        }
        Summary summary = new Summary(
                rounds,
                (System.nanoTime() - begin) / 1_000_000,
                compiledBefore < 0 ? -1 : jit.getTotalCompilationTime() - compiledBefore,
                closing ? 0 : channels.fill());
        log.info(
                "Rehearsed the rush in {} ms ({}); the JIT compiled for {} ms meanwhile; {} publishing channels ready",
                summary.millis(),
                rounds.stream().map(Round::toString).collect(Collectors.joining("; ")),
                summary.compiledMillis(),
                summary.channels());
        return summary;
    }

    /** One round: its opening made, its crowd sent, its grants recorded (and rolled back), its keys deleted. */
    private Round round(int number) {
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime flash = now.plus(BEFORE_GATE);
        RehearsalOpening round = RehearsalOpening.make(now, flash, SLOTS, CAPACITY, STUDENTS);
        long sessionId = round.sessionId();
        keys.begun(sessionId);
        Map<Long, String> bearers = new HashMap<>();
        for (long student : round.students()) {
            String token = tokens.issue(account(student)).token();
            // verified at its first request, as a student's token issued before this node started is
            tokens.forget(token);
            bearers.put(student, token);
        }
        catalog.rehearse(round.opening());
        long recordedBefore = recorder.recorded();
        long failedBefore = recorder.failed();
        try (RehearsalRecorder.Listening listening = recorder.listen(round)) {
            log.info(
                    "Rehearsal round {} of {}: opening {} of {} slots x {} places, {} students, {} clients, queue {}",
                    number,
                    ROUNDS,
                    sessionId,
                    SLOTS,
                    CAPACITY,
                    STUDENTS,
                    CLIENTS,
                    listening.queue());
            stock.warmRehearsal(
                    round.opening().session(),
                    round.slots(),
                    Instant.now(clock).plus(KEYS_EXPIRE).getEpochSecond());
            long gate = System.nanoTime()
                    + Math.max(
                            0, Duration.between(LocalDateTime.now(clock), flash).toNanos());
            RehearsalCrowd.Answers answers = new RehearsalCrowd(base, CLIENTS)
                    .run(
                            round,
                            bearers,
                            gate,
                            gate + AFTER_GATE.toNanos(),
                            gate + AFTER_GATE_AT_MOST.toNanos(),
                            () -> closing);
            long deadline = System.nanoTime() + RECORDING_WAIT.toNanos();
            while (recorder.recorded() + recorder.failed() - recordedBefore - failedBefore < answers.granted()
                    && System.nanoTime() - deadline < 0
                    && !closing) {
                Thread.sleep(50);
            }
            return new Round(
                    sessionId,
                    listening.queue(),
                    answers,
                    recorder.recorded() - recordedBefore,
                    recorder.failed() - failedBefore);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Round(sessionId, null, new RehearsalCrowd.Answers(Map.of(), 0, 0), 0, 0);
        } finally {
            catalog.endRehearsal(sessionId);
            keys.ended(sessionId);
            bearers.values().forEach(tokens::forget);
        }
    }

    /** A student of the rehearsal as its token says: nobody's account, in memory only. */
    private static UserAccount account(long id) {
        UserAccount account = new UserAccount();
        account.setId(id);
        account.setStudentId("~rehearsal" + id);
        account.setRole(Role.STUDENT);
        account.setActive(true);
        account.setTokenGeneration(0);
        return account;
    }
}

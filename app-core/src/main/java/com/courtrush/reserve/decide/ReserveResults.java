package com.courtrush.reserve.decide;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.record.RecordingOutages;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.TraceCompensator;
import com.courtrush.share.api.Holding;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Service;

/**
 * {@code GET /reserve/result/{traceId}}: PENDING while the grant is in flight, SUCCESS with the
 * reservation id once recorded, FAILED with the reason once compensated. Only the trace's owner
 * (or staff) may read it; to anyone else it does not exist. A trace this system issued to the
 * asking student ({@link TraceIds}) is never unknown: when neither Redis (which may have lost it)
 * nor the database has it, it is PENDING — its message may still be on its way — until the
 * reconciler's horizon has passed since it was issued; then it is given up (a compensation row, so
 * a late message cannot book it) and FAILED.
 */
@Service
public class ReserveResults {

    /** Signed ids, and the unsigned ones of grants made before they were signed. */
    static final String ANSWERS = "courtrush.reserve.results";

    private static final String REDIS = "redis";
    private static final String DATABASE = "database";
    /** The fourth field of a pending record that says its entrant was not drawn (lua/draw.lua). */
    private static final String NOT_DRAWN = "LOST";

    private static final Pattern TRACE_ID = Pattern.compile("[0-9a-f]{60}|[0-9a-f]{48}|[0-9a-f]{32}");

    private final RedissonClient redisson;
    private final ReservationMapper reservations;
    private final TraceIds traceIds;
    private final TimeSlotMapper slots;
    private final TraceCompensator compensator;
    private final RecordingOutages outages;
    private final SlotCatalog catalog;
    private final Alternatives alternatives;
    private final TakenBack takenBack;
    /** Answers by where they were read: a pending trace is answered from Redis, never the database. */
    private final Map<String, Counter> pendingAnswers = new HashMap<>();

    private final Map<String, Counter> settledAnswers = new HashMap<>();
    private final CourtRushProperties properties;
    private final Clock clock;

    ReserveResults(
            RedissonClient redisson,
            ReservationMapper reservations,
            TraceIds traceIds,
            TimeSlotMapper slots,
            TraceCompensator compensator,
            RecordingOutages outages,
            SlotCatalog catalog,
            Alternatives alternatives,
            TakenBack takenBack,
            MeterRegistry registry,
            CourtRushProperties properties,
            Clock clock) {
        this.outages = outages;
        this.catalog = catalog;
        this.alternatives = alternatives;
        this.takenBack = takenBack;
        for (String source : List.of(REDIS, DATABASE)) {
            pendingAnswers.put(
                    source,
                    Counter.builder(ANSWERS)
                            .tag("status", "PENDING")
                            .tag("source", source)
                            .description(
                                    "GET /reserve/result answers, by status (PENDING or settled) and where they were read")
                            .register(registry));
            settledAnswers.put(
                    source,
                    Counter.builder(ANSWERS)
                            .tag("status", "SETTLED")
                            .tag("source", source)
                            .description(
                                    "GET /reserve/result answers, by status (PENDING or settled) and where they were read")
                            .register(registry));
        }
        this.redisson = redisson;
        this.reservations = reservations;
        this.traceIds = traceIds;
        this.slots = slots;
        this.compensator = compensator;
        this.properties = properties;
        this.clock = clock;
    }

    public Result of(String traceId, Caller caller) {
        Result result = read(traceId, caller);
        (result.status() == ResultStatus.PENDING ? pendingAnswers : settledAnswers)
                .get(result.fromRedis() ? REDIS : DATABASE)
                .increment();
        return result;
    }

    private Result read(String traceId, Caller caller) {
        if (traceId == null || !TRACE_ID.matcher(traceId).matches()) {
            throw CourtRushException.badRequest("result.badTrace");
        }
        // traces issued before openings had their own hash slot (48 digits) name none: the database has them
        OptionalLong opening = TraceIds.openingOf(traceId);
        String value = opening.isEmpty()
                ? null
                : redisson.<String>getBucket(RedisKeys.pending(opening.getAsLong(), traceId))
                        .get();
        if (value != null) {
            String[] record = value.split(":");
            requireOwner(Long.parseLong(record[0]), caller);
            if (record.length > 3 && NOT_DRAWN.equals(record[3])) {
                return notDrawn(traceId, Long.parseLong(record[1]), Long.parseLong(record[2]));
            }
            return Result.pending(traceId, true);
        }
        Reservation reservation = reservations.findByTrace(traceId);
        if (reservation == null) {
            return unrecorded(traceId, caller);
        }
        requireOwner(reservation.getUserId(), caller);
        if (reservation.compensated()) {
            TakenBack.Told told = takenBack.of(reservation, LocaleContextHolder.getLocale());
            return new Result(
                    traceId,
                    ResultStatus.FAILED,
                    null,
                    null,
                    told.reason(),
                    null,
                    told.refusal(),
                    told.rule(),
                    told.holding(),
                    false);
        }
        return new Result(
                traceId,
                ResultStatus.SUCCESS,
                reservation.getId(),
                reservation.getStatus(),
                null,
                null,
                null,
                null,
                null,
                false);
    }

    /** Neither Redis nor the database has the trace: PENDING if it is the caller's and young, else given up or unknown. */
    private Result unrecorded(String traceId, Caller caller) {
        Long userId = caller.userId();
        TraceIds.Issued issued =
                userId == null ? null : traceIds.verify(traceId, userId).orElse(null);
        if (issued == null) {
            throw notFound();
        }
        Instant givenUpAt = issued.at().plus(properties.reserve().reconcileHorizon());
        // (while consumers wait out an outage, its message may still be on its way)
        if (clock.instant().isBefore(givenUpAt) || !outages.quiet()) {
            return Result.pending(traceId, false);
        }
        TimeSlot slot = slots.selectById(issued.slotId());
        if (slot == null) {
            throw notFound();
        }
        ReserveMessage grant = new ReserveMessage(traceId, userId, slot.getId(), slot.getSessionId(), 0);
        compensator.compensate(
                grant,
                new EngineText(
                        "compensate.neverRecorded",
                        properties.reserve().reconcileHorizon().toSeconds()),
                AuditTrail.SYSTEM_RECONCILER);
        return read(traceId, caller);
    }

    /**
     * An entrant of a fair draw who was given none of the slots they named: FAILED, with how many
     * entered for how many places, and the slots of the opening still on sale.
     */
    private Result notDrawn(String traceId, long slotId, long sessionId) {
        Map<String, String> draw = redisson.<String, String>getMap(RedisKeys.draw(sessionId), StringCodec.INSTANCE)
                .getAll(Set.of("entrants", "winners"));
        List<Alternatives.Alternative> others = catalog.session(sessionId)
                .flatMap(opening ->
                        Optional.ofNullable(opening.slot(slotId)).map(slot -> alternatives.afterDraw(opening, slot)))
                .orElse(List.of());
        EngineText reason = new EngineText(
                others.isEmpty() ? "result.notDrawnNoneLeft" : "result.notDrawn",
                counted("students", draw.get("entrants")),
                counted("places", draw.get("winners")));
        return new Result(
                traceId,
                ResultStatus.FAILED,
                null,
                null,
                reason.in(LocaleContextHolder.getLocale()),
                others,
                null,
                null,
                null,
                true);
    }

    /** "1 student", "5 students": a count with its noun as the reader's language says it ({@code count.<noun>.one|other}). */
    private static EngineText counted(String noun, String count) {
        return new EngineText("count." + noun + ("1".equals(count) ? ".one" : ".other"), count == null ? "?" : count);
    }

    private static void requireOwner(long owner, Caller caller) {
        if (!caller.maySee(owner)) {
            throw notFound();
        }
    }

    private static CourtRushException notFound() {
        return CourtRushException.notFound("result.notFound");
    }

    /**
     * @param reservationStatus the reservation's current status (SUCCESS only)
     * @param reason            why it failed (FAILED only), in the student's words and language
     * @param alternatives      for an entrant of a fair draw who was not drawn: slots still on sale
     * @param refusal           a place granted and taken back by a database guard: what it refused it as (SHARE_USED,
     *                          QUOTA_EXCEEDED, DUP_REQ, OUT_OF_STOCK), so trying again would not help; absent for a
     *                          place lost on its way ({@link TakenBack})
     * @param rule              past a share: the rule, as a SHARE_USED answer's {@code data.rule}
     * @param holding           past a share: the bookings that hold it, as a SHARE_USED answer's {@code data.holding}
     * @param fromRedis         answered from Redis alone (not part of the answer)
     */
    public record Result(
            String traceId,
            ResultStatus status,
            Long reservationId,
            ReservationStatus reservationStatus,
            String reason,
            List<Alternatives.Alternative> alternatives,
            @JsonInclude(JsonInclude.Include.NON_NULL) String refusal,
            @JsonInclude(JsonInclude.Include.NON_NULL) String rule,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Holding> holding,
            @JsonIgnore boolean fromRedis) {

        static Result pending(String traceId, boolean fromRedis) {
            return new Result(traceId, ResultStatus.PENDING, null, null, null, null, null, null, null, fromRedis);
        }
    }
}

package com.courtrush.reserve;

import com.courtrush.account.Caller;
import com.courtrush.infra.RedisKeys;
import com.courtrush.web.CourtRushException;
import java.util.regex.Pattern;
import org.redisson.api.RBucket;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Service;

/**
 * {@code GET /reserve/result/{traceId}}: PENDING while the grant is in flight, SUCCESS with the
 * reservation id once recorded, FAILED with the reason once compensated. Only the trace's owner
 * (or staff) may read it; to anyone else it does not exist.
 */
@Service
public class ReserveResults {

    private static final Pattern TRACE_ID = Pattern.compile("[0-9a-f]{32}");

    private final RedissonClient redisson;
    private final ReservationMapper reservations;

    ReserveResults(RedissonClient redisson, ReservationMapper reservations) {
        this.redisson = redisson;
        this.reservations = reservations;
    }

    public Result of(String traceId, Caller caller) {
        if (traceId == null || !TRACE_ID.matcher(traceId).matches()) {
            throw CourtRushException.badRequest("result.badTrace");
        }
        RBucket<String> pending = redisson.getBucket(RedisKeys.pending(traceId));
        String value = pending.get();
        if (value != null) {
            long owner = Long.parseLong(value.substring(0, value.indexOf(':')));
            requireOwner(owner, caller);
            return new Result(traceId, ResultStatus.PENDING, null, null, null);
        }
        Reservation reservation = reservations.findByTrace(traceId);
        if (reservation == null) {
            throw notFound();
        }
        requireOwner(reservation.getUserId(), caller);
        if (reservation.compensated()) {
            return new Result(traceId, ResultStatus.FAILED, null, null, reservation.getNote());
        }
        return new Result(traceId, ResultStatus.SUCCESS, reservation.getId(), reservation.getStatus(), null);
    }

    private static void requireOwner(long owner, Caller caller) {
        if (!caller.isStaff() && (caller.userId() == null || owner != caller.userId())) {
            throw notFound();
        }
    }

    private static CourtRushException notFound() {
        return CourtRushException.notFound("result.notFound");
    }

    /**
     * @param reservationStatus the reservation's current status (SUCCESS only)
     * @param reason            why it failed (FAILED only)
     */
    public record Result(String traceId, ResultStatus status, Long reservationId, ReservationStatus reservationStatus,
            String reason) {
    }
}

package com.courtrush.reserve.lifecycle;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.UserAccount;
import com.courtrush.account.UserAccountMapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CappedCount;
import com.courtrush.infra.config.SqlDialect;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import com.courtrush.venue.api.DeskScope;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/** Staff's view of reservations: filter, page, and the student id of each. */
@Service
public class ReservationQueries {

    public static final int MAX_PAGE_SIZE = 1000;
    /** The most play dates one search covers. */
    public static final int MOST_DAYS = 92;
    /** The longest text looked for (a name, a student id, an order number). */
    public static final int MOST_TEXT = 64;

    private final ReservationMapper reservations;
    private final TextSearch texts;
    private final UserAccountMapper accounts;
    private final TimeSlotMapper slots;
    private final SqlDialect dialect;
    private final Clock clock;

    ReservationQueries(
            ReservationMapper reservations,
            TextSearch texts,
            UserAccountMapper accounts,
            TimeSlotMapper slots,
            SqlDialect dialect,
            Clock clock) {
        this.dialect = dialect;
        this.clock = clock;
        this.reservations = reservations;
        this.texts = texts;
        this.accounts = accounts;
        this.slots = slots;
    }

    /**
     * Reservations matching the filter, newest first, a page at a time, with their total — exact up to a thousand and
     * past the page asked for, else capped ({@link CappedCount}). Each filter reads only its own rows: a status by
     * its index in id order, an opening, a slot or a student by theirs, play dates (at most {@link #MOST_DAYS}) by
     * the bookings' date; a text (what a student shows or says) only the bookings of its play dates, today's and
     * {@link ReservationFilter#SEARCH_DAYS} around it unless others are asked for, of the students it names
     * ({@link TextSearch}).
     */
    public ReservationPage find(ReservationFilter filter, DeskScope scope, int page, int size) {
        if (page < 1 || size < 1 || size > MAX_PAGE_SIZE) {
            throw CourtRushException.badRequest("common.badPage", MAX_PAGE_SIZE);
        }
        LocalDate from = filter.slotDate();
        LocalDate until = filter.untilDate();
        if (filter.searchesText() && from == null) {
            LocalDate today = LocalDate.now(clock);
            from = today.minusDays(ReservationFilter.SEARCH_DAYS);
            until = today.plusDays(ReservationFilter.SEARCH_DAYS);
        }
        if (until != null
                && (from == null
                        || until.isBefore(from)
                        || from.plusDays(MOST_DAYS).isBefore(until.plusDays(1)))) {
            throw CourtRushException.badRequest("reservations.badDates", MOST_DAYS);
        }
        Long userId = filter.userId();
        if (filter.studentId() != null && !filter.studentId().isBlank()) {
            UserAccount student = accounts.selectOne(new LambdaQueryWrapper<UserAccount>()
                    .eq(UserAccount::getStudentId, filter.studentId().strip()));
            if (student == null || (userId != null && !userId.equals(student.getId()))) {
                return ReservationPage.none();
            }
            userId = student.getId();
        }
        Long reservationId = filter.reservationId();
        if (filter.outTradeNo() != null && !filter.outTradeNo().isBlank()) {
            // a student shows the order number at the desk: the booking it paid for
            Long paidFor = reservations.reservationOfOrder(filter.outTradeNo().strip());
            if (paidFor == null || (reservationId != null && !reservationId.equals(paidFor))) {
                return ReservationPage.none();
            }
            reservationId = paidFor;
        }
        List<Long> matching = null;
        if (filter.searchesText()) {
            String text = filter.text().strip();
            if (text.length() > MOST_TEXT) {
                throw CourtRushException.badRequest("reservations.badText", MOST_TEXT);
            }
            matching = texts.newest(from, until, text, MAX_PAGE_SIZE);
            if (matching.isEmpty()) {
                return ReservationPage.none();
            }
        }
        List<Long> slotIds = null;
        if (filter.courtId() != null) {
            slotIds = slots
                    .selectList(new LambdaQueryWrapper<TimeSlot>()
                            .select(TimeSlot::getId)
                            .eq(TimeSlot::getCourtId, filter.courtId())
                            .between(from != null, TimeSlot::getSlotDate, from, until))
                    .stream()
                    .map(TimeSlot::getId)
                    .toList();
            if (slotIds.isEmpty()) {
                return ReservationPage.none();
            }
        }
        Where where = new Where(filter, userId, reservationId, matching, slotIds, from, until, scope);
        CappedCount total = CappedCount.of(reservations, where.build(), Reservation::getId, page, size);
        LambdaQueryWrapper<Reservation> query = where.build();
        if (filter.status() != null && where.byStatusAlone() && dialect.ordersByFixedColumns()) {
            query.orderByDesc(Reservation::getStatus); // idx_reservation_status_id's order, for H2 (SqlDialect)
        }
        query.orderByDesc(Reservation::getId).last("limit " + size + " offset " + (long) (page - 1) * size);
        List<Reservation> found = reservations.pageOf(query);
        Map<Long, UserAccount> students = students(found);
        Map<Long, SlotWithCourt> slotsById = slotsOf(found);
        List<ReservationRow> rows = found.stream()
                .map(r -> {
                    SlotWithCourt slot = slotsById.get(r.getSlotId());
                    UserAccount student = students.get(r.getUserId());
                    return new ReservationRow(
                            r.getId(),
                            r.getTraceId(),
                            r.getUserId(),
                            student == null ? null : student.getStudentId(),
                            r.getSlotId(),
                            r.getSessionId(),
                            r.getStatus(),
                            r.getCancelReason(),
                            r.getCreateTime(),
                            slot == null ? null : slot.getSlotDate(),
                            slot == null ? null : slot.getStartTime(),
                            slot == null ? null : slot.getEndTime(),
                            slot == null ? null : slot.getCourtName(),
                            student == null ? null : student.getDisplayName(),
                            slot == null ? null : slot.getPriceCents());
                })
                .toList();
        return new ReservationPage(rows, total.total(), total.capped());
    }

    /** A filter's conditions, made anew for the count and for the page (each adds its own select and order). */
    private record Where(
            ReservationFilter filter,
            Long userId,
            Long reservationId,
            List<Long> matching,
            List<Long> slotIds,
            LocalDate from,
            LocalDate until,
            DeskScope scope) {

        LambdaQueryWrapper<Reservation> build() {
            LambdaQueryWrapper<Reservation> query = new LambdaQueryWrapper<Reservation>()
                    .eq(filter.sessionId() != null, Reservation::getSessionId, filter.sessionId())
                    .eq(filter.slotId() != null, Reservation::getSlotId, filter.slotId())
                    .eq(userId != null, Reservation::getUserId, userId)
                    .eq(filter.status() != null, Reservation::getStatus, filter.status())
                    .eq(reservationId != null, Reservation::getId, reservationId)
                    .in(matching != null, Reservation::getId, matching)
                    .between(from != null, Reservation::getSlotDate, from, until)
                    .in(slotIds != null, Reservation::getSlotId, slotIds);
            if (!scope.all()) {
                // the desk's venues' openings only (SPEC §21): an opening sells one venue's courts
                query.inSql(
                        Reservation::getSessionId,
                        "select id from reserve_session where venue_id in ("
                                + scope.venueIds().stream().map(String::valueOf).collect(Collectors.joining(","))
                                + ")");
            }
            if (!filter.includeCompensated()) {
                query.and(w -> w.isNull(Reservation::getCancelReason)
                        .or()
                        .ne(Reservation::getCancelReason, CancelReason.COMPENSATION));
            }
            return query;
        }

        /** Whether the status is the only filter that an index could take (the list then walks the status's index). */
        boolean byStatusAlone() {
            return filter.sessionId() == null
                    && filter.slotId() == null
                    && userId == null
                    && reservationId == null
                    && matching == null
                    && from == null
                    && slotIds == null;
        }
    }

    private Map<Long, SlotWithCourt> slotsOf(List<Reservation> page) {
        List<Long> slotIds =
                page.stream().map(Reservation::getSlotId).distinct().toList();
        if (slotIds.isEmpty()) {
            return Map.of();
        }
        return slots.findByIdsWithCourt(slotIds).stream()
                .collect(Collectors.toMap(SlotWithCourt::getId, Function.identity()));
    }

    private Map<Long, UserAccount> students(List<Reservation> page) {
        List<Long> userIds =
                page.stream().map(Reservation::getUserId).distinct().toList();
        if (userIds.isEmpty()) {
            return Map.of();
        }
        return accounts
                .selectList(new LambdaQueryWrapper<UserAccount>()
                        .select(UserAccount::getId, UserAccount::getStudentId, UserAccount::getDisplayName)
                        .in(UserAccount::getId, userIds))
                .stream()
                .collect(Collectors.toMap(UserAccount::getId, Function.identity(), (a, b) -> a));
    }
}

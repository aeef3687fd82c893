package com.courtrush.reserve.lifecycle;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import com.courtrush.account.UserAccount;
import com.courtrush.account.UserAccountMapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.reserve.data.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.data.ReservationStatus;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/** Staff's view of reservations: filter, page, and the student id of each. */
@Service
public class ReservationQueries {

    public static final int MAX_PAGE_SIZE = 1000;

    private final ReservationMapper reservations;
    private final UserAccountMapper accounts;
    private final TimeSlotMapper slots;

    ReservationQueries(ReservationMapper reservations, UserAccountMapper accounts, TimeSlotMapper slots) {
        this.reservations = reservations;
        this.accounts = accounts;
        this.slots = slots;
    }

    public PageOf<Row> find(Filter filter, int page, int size) {
        if (page < 1 || size < 1 || size > MAX_PAGE_SIZE) {
            throw CourtRushException.badRequest("common.badPage", MAX_PAGE_SIZE);
        }
        LambdaQueryWrapper<Reservation> query = new LambdaQueryWrapper<Reservation>()
                .eq(filter.sessionId() != null, Reservation::getSessionId, filter.sessionId())
                .eq(filter.slotId() != null, Reservation::getSlotId, filter.slotId())
                .eq(filter.userId() != null, Reservation::getUserId, filter.userId())
                .eq(filter.status() != null, Reservation::getStatus, filter.status())
                .eq(filter.reservationId() != null, Reservation::getId, filter.reservationId())
                .orderByDesc(Reservation::getId);
        if (filter.outTradeNo() != null && !filter.outTradeNo().isBlank()) {
            // a student shows the order number at the desk: the booking it paid for
            Long paidFor = reservations.reservationOfOrder(filter.outTradeNo().strip());
            if (paidFor == null) {
                return new PageOf<>(List.of(), 0);
            }
            query.eq(Reservation::getId, paidFor);
        }
        if (filter.studentId() != null && !filter.studentId().isBlank()) {
            UserAccount student = accounts.selectOne(new LambdaQueryWrapper<UserAccount>()
                    .eq(UserAccount::getStudentId, filter.studentId().strip()));
            if (student == null) {
                return new PageOf<>(List.of(), 0);
            }
            query.eq(Reservation::getUserId, student.getId());
        }
        if (filter.slotDate() != null || filter.courtId() != null) {
            List<Long> slotIds = slots
                    .selectList(new LambdaQueryWrapper<TimeSlot>()
                            .select(TimeSlot::getId)
                            .eq(filter.slotDate() != null, TimeSlot::getSlotDate, filter.slotDate())
                            .eq(filter.courtId() != null, TimeSlot::getCourtId, filter.courtId()))
                    .stream()
                    .map(TimeSlot::getId)
                    .toList();
            if (slotIds.isEmpty()) {
                return new PageOf<>(List.of(), 0);
            }
            query.in(Reservation::getSlotId, slotIds);
        }
        if (!filter.includeCompensated()) {
            query.and(w -> w.isNull(Reservation::getCancelReason)
                    .or()
                    .ne(Reservation::getCancelReason, CancelReason.COMPENSATION));
        }
        Page<Reservation> result = reservations.selectPage(Page.of(page, size), query);
        Map<Long, UserAccount> students = students(result.getRecords());
        Map<Long, SlotWithCourt> slotsById = slotsOf(result.getRecords());
        List<Row> rows = result.getRecords().stream()
                .map(r -> {
                    SlotWithCourt slot = slotsById.get(r.getSlotId());
                    UserAccount student = students.get(r.getUserId());
                    return new Row(
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
        return new PageOf<>(rows, result.getTotal());
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

    /** Optional filters; null means "any". Compensated attempts are left out unless asked for. */
    public record Filter(
            Long sessionId,
            Long slotId,
            Long userId,
            ReservationStatus status,
            LocalDate slotDate,
            Long courtId,
            String studentId,
            boolean includeCompensated,
            Long reservationId,
            String outTradeNo) {

        public Filter(Long sessionId, Long slotId, Long userId, ReservationStatus status) {
            this(sessionId, slotId, userId, status, null, null, null, true);
        }

        public Filter(
                Long sessionId,
                Long slotId,
                Long userId,
                ReservationStatus status,
                LocalDate slotDate,
                Long courtId,
                String studentId,
                boolean includeCompensated) {
            this(sessionId, slotId, userId, status, slotDate, courtId, studentId, includeCompensated, null, null);
        }
    }

    /**
     * One reservation as staff list them.
     *
     * @param priceCents what the slot costs (the amount of its pay order)
     */
    public record Row(
            long id,
            String traceId,
            long userId,
            String studentId,
            long slotId,
            long sessionId,
            ReservationStatus status,
            CancelReason cancelReason,
            LocalDateTime createTime,
            LocalDate slotDate,
            @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            String courtName,
            String studentName,
            Integer priceCents) {}

    /** A page of records and the total matching. */
    public record PageOf<T>(List<T> records, long total) {
        public <R> PageOf<R> map(Function<T, R> mapper) {
            return new PageOf<>(records.stream().map(mapper).toList(), total);
        }
    }
}

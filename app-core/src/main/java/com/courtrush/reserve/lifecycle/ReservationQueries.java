package com.courtrush.reserve.lifecycle;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import com.courtrush.account.UserAccount;
import com.courtrush.account.UserAccountMapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
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

    public ReservationPage find(ReservationFilter filter, int page, int size) {
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
                return new ReservationPage(List.of(), 0);
            }
            query.eq(Reservation::getId, paidFor);
        }
        if (filter.studentId() != null && !filter.studentId().isBlank()) {
            UserAccount student = accounts.selectOne(new LambdaQueryWrapper<UserAccount>()
                    .eq(UserAccount::getStudentId, filter.studentId().strip()));
            if (student == null) {
                return new ReservationPage(List.of(), 0);
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
                return new ReservationPage(List.of(), 0);
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
        List<ReservationRow> rows = result.getRecords().stream()
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
        return new ReservationPage(rows, result.getTotal());
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

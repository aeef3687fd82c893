package com.courtrush.slot;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.slot.api.SlotView;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** One bookable slot of a court. {@code booked} counts its active reservations (guard G1). */
@Getter
@Setter
@TableName("time_slot")
public class TimeSlot {

    /** Whether the slot has begun by {@code now} (the gym's wall clock), as {@link SlotInfo#startedBy} says. */
    public boolean startedBy(LocalDateTime now) {
        return !slotDate.atTime(startTime).isAfter(now);
    }

    @TableId(type = IdType.AUTO)
    private Long id;

    private Long sessionId;
    private Long courtId;
    private LocalDate slotDate;
    private LocalTime startTime;
    private LocalTime endTime;
    private Integer capacity;
    private Integer booked;
    private Integer priceCents;
    private Boolean active;
    /** The class or team block holding it (SPEC §21): off sale while it does; null for every other slot. */
    private Long blockId;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    public boolean overlaps(LocalTime otherStart, LocalTime otherEnd) {
        return startTime.isBefore(otherEnd) && otherStart.isBefore(endTime);
    }

    /** The slot as the API and the console see it. */
    public SlotView view() {
        return new SlotView(
                getId(),
                getSessionId(),
                getCourtId(),
                getSlotDate(),
                getStartTime(),
                getEndTime(),
                getCapacity(),
                getBooked(),
                getPriceCents(),
                Boolean.TRUE.equals(getActive()),
                getCreateTime(),
                getUpdateTime());
    }
}

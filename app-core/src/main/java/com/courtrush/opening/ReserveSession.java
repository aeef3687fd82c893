package com.courtrush.opening;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.SessionState;
import java.time.LocalDate;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One opening: the moment a date's slots go on sale. */
@Getter
@Setter
@TableName("reserve_session")
public class ReserveSession {
    @TableId(type = IdType.AUTO)
    private Long id;
    /** The venue whose courts' slots it sells (SPEC §21). */
    private Long venueId;
    /** The date of the opening's slots. */
    private LocalDate sessionDate;
    /** When the gate opens (may be on an earlier date than the slots). */
    private LocalDateTime flashTime;

    private Integer warmupLeadMinutes;
    private Integer perUserLimit;
    private SessionState state;
    /** Students reserve with a booking pass, got by solving a challenge. */
    private Boolean bookingPass;
    /** Requests in this many ms after the gate opens enter a fair draw; 0 = no draw. */
    private Integer drawWindowMs;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /** Whether the opening starts with a fair draw. */
    public boolean fairDraw() {
        return drawWindowMs != null && drawWindowMs > 0;
    }

    public LocalDateTime warmupTime() {
        return flashTime.minusMinutes(warmupLeadMinutes);
    }

    /** The opening as the API and the console see it. */
    public OpeningView view() {
        return new OpeningView(
                getId(),
                getSessionDate(),
                getFlashTime(),
                getWarmupLeadMinutes(),
                getPerUserLimit(),
                getState(),
                Boolean.TRUE.equals(getBookingPass()),
                fairDraw(),
                getDrawWindowMs() == null ? 0 : getDrawWindowMs(),
                getVenueId());
    }
}

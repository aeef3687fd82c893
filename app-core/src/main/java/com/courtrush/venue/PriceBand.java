package com.courtrush.venue;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.account.api.Category;
import com.courtrush.venue.api.PriceBandForm;
import com.courtrush.venue.api.PriceDays;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Comparator;
import lombok.Getter;
import lombok.Setter;

/** One {@code price_band} row: what a venue's slots starting in a band of the day cost a category. */
@Getter
@Setter
@TableName("price_band")
public class PriceBand {

    /** The band that prices a slot when several cover it: its sport's, then of some days, then the shortest. */
    static final Comparator<PriceBand> MOST_SPECIFIC = Comparator.comparing((PriceBand band) -> band.sport == null)
            .thenComparing(band -> band.days == PriceDays.ALL)
            .thenComparing(band -> band.ends.toSecondOfDay() - band.starts.toSecondOfDay());

    @TableId(type = IdType.AUTO)
    private Long id;

    private Long venueId;
    private String sport;
    private Category category;
    private PriceDays days;
    private LocalTime starts;
    private LocalTime ends;
    private Integer priceCents;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /** Whether the band prices a slot of this sport starting then, for this category. */
    boolean covers(String slotSport, Category who, LocalDate date, LocalTime start) {
        return category == who
                && (sport == null || sport.equals(slotSport))
                && days.covers(date)
                && !start.isBefore(starts)
                && start.isBefore(ends);
    }

    /** The fields of two bands that price the same slots when their hours overlap. */
    boolean sameKind(PriceBand other) {
        return category == other.category && java.util.Objects.equals(sport, other.sport) && days == other.days;
    }

    boolean overlaps(PriceBand other) {
        return starts.isBefore(other.ends) && other.starts.isBefore(ends);
    }

    PriceBandForm form() {
        return new PriceBandForm(sport, category, days, starts, ends, priceCents);
    }

    static PriceBand of(long venueId, PriceBandForm form) {
        PriceBand band = new PriceBand();
        band.venueId = venueId;
        band.sport = form.sport() == null || form.sport().isBlank()
                ? null
                : form.sport().strip();
        band.category = form.category();
        band.days = form.days() == null ? PriceDays.ALL : form.days();
        band.starts = form.starts();
        band.ends = form.ends();
        band.priceCents = form.priceCents();
        return band;
    }
}

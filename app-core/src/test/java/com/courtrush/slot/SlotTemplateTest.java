package com.courtrush.slot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.core.CourtRushException;
import com.courtrush.slot.api.SlotTemplate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotTemplateTest {

    static SlotTemplate template(String start, String end, int minutes, int capacity) {
        return new SlotTemplate(List.of(1L, 2L), LocalTime.parse(start), LocalTime.parse(end), minutes, capacity, 2000);
    }

    @Test
    void aDayIsCutIntoWholeSlots() {
        SlotTemplate day = template("08:00", "22:00", 60, 1);
        day.validate();
        assertThat(day.starts()).hasSize(14).startsWith(LocalTime.of(8, 0)).endsWith(LocalTime.of(21, 0));
    }

    @Test
    void aWindowThatIsNotWholeSlotsIsRefusedWithItsArithmetic() {
        assertThatThrownBy(() -> template("08:00", "22:30", 60, 1).validate())
                .isInstanceOf(CourtRushException.class)
                .hasMessageContaining("870 min");
    }

    @Test
    void endBeforeStartCapacityAndDurationAreChecked() {
        assertThatThrownBy(() -> template("10:00", "09:00", 60, 1).validate())
                .hasMessageContaining("the end after the start");
        assertThatThrownBy(() -> template("08:00", "09:00", 60, 0).validate()).hasMessageContaining("capacity");
        assertThatThrownBy(() -> template("08:00", "09:00", 3, 1).validate())
                .hasMessageContaining("between 5 and 720 minutes");
        assertThatThrownBy(
                        () -> new SlotTemplate(List.of(), LocalTime.NOON, LocalTime.MIDNIGHT, 60, 1, null).validate())
                .hasMessageContaining("at least one court");
    }

    @Test
    void touchingSlotsDoNotOverlap() {
        TimeSlot slot = new TimeSlot();
        slot.setStartTime(LocalTime.of(18, 0));
        slot.setEndTime(LocalTime.of(19, 0));
        assertThat(slot.overlaps(LocalTime.of(19, 0), LocalTime.of(20, 0))).isFalse();
        assertThat(slot.overlaps(LocalTime.of(17, 0), LocalTime.of(18, 0))).isFalse();
        assertThat(slot.overlaps(LocalTime.of(18, 30), LocalTime.of(19, 30))).isTrue();
        assertThat(slot.overlaps(LocalTime.of(17, 0), LocalTime.of(21, 0))).isTrue();
    }
}

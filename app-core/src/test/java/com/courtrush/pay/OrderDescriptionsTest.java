package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.court.Court;
import com.courtrush.court.CourtService;
import com.courtrush.setting.GymName;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** The line a student's WeChat bill shows for a booking (issue 74): the gym, the court, when — not "CourtRush 353". */
class OrderDescriptionsTest {

    @Test
    void aWechatOrderSaysTheGymTheCourtAndWhenInTheGymsLanguage() {
        GymName gym = mock(GymName.class);
        when(gym.current()).thenReturn("东区体育馆");
        Court court = new Court();
        court.setName("羽毛球 3 号场");
        CourtService courts = mock(CourtService.class);
        when(courts.get(7)).thenReturn(court);
        TimeSlot slot = new TimeSlot();
        slot.setCourtId(7L);
        slot.setSlotDate(LocalDate.of(2026, 11, 25));
        slot.setStartTime(LocalTime.of(14, 0));
        slot.setEndTime(LocalTime.of(15, 0));
        TimeSlotMapper slots = mock(TimeSlotMapper.class);
        when(slots.selectById(20L)).thenReturn(slot);

        assertThat(new OrderDescriptions(gym, courts, slots).of(20)).isEqualTo("东区体育馆 羽毛球 3 号场 2026-11-25 14:00–15:00");
    }

    @Test
    void aLongDescriptionIsCutAtACharacterWithinWechatPaysLimit() {
        String described = OrderDescriptions.describe("体".repeat(64), "场".repeat(64), "2026-11-25", "14:00–15:00");

        assertThat(described.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(127);
        assertThat(described).startsWith("体体体").doesNotContain("\uFFFD");
        assertThat(described.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(124);
    }
}

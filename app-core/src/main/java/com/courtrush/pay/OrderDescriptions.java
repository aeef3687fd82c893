package com.courtrush.pay;

import com.courtrush.core.EngineMessages;
import com.courtrush.court.CourtService;
import com.courtrush.setting.GymName;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * What a WeChat Pay order says it is for — the line the student's WeChat bill shows: the gym, the court and when it is
 * played, in the gym's language (Chinese, as the audit archive's), within WeChat Pay's 127 bytes of UTF-8.
 */
@Component
class OrderDescriptions {

    /** WeChat Pay's limit on an order's {@code description}, in bytes of UTF-8. */
    static final int MOST_BYTES = 127;

    private static final Locale GYM = Locale.SIMPLIFIED_CHINESE;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final GymName gymName;
    private final CourtService courts;
    private final TimeSlotMapper slots;

    OrderDescriptions(GymName gymName, CourtService courts, TimeSlotMapper slots) {
        this.gymName = gymName;
        this.courts = courts;
        this.slots = slots;
    }

    /** The description of a booking of {@code slotId}. */
    String of(long slotId) {
        TimeSlot slot = slots.selectById(slotId);
        return describe(
                gymName.current(),
                courts.get(slot.getCourtId()).getName(),
                slot.getSlotDate().toString(),
                TIME.format(slot.getStartTime()) + "–" + TIME.format(slot.getEndTime()));
    }

    /** The gym, the court and when, cut at a character to {@link #MOST_BYTES} bytes of UTF-8. */
    static String describe(String gym, String court, String date, String hours) {
        return cut(EngineMessages.format(GYM, "pay.description", gym, court, date, hours));
    }

    static String cut(String text) {
        if (text.getBytes(StandardCharsets.UTF_8).length <= MOST_BYTES) {
            return text;
        }
        StringBuilder kept = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            String one = new String(Character.toChars(codePoint));
            int size = one.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > MOST_BYTES) {
                break;
            }
            kept.append(one);
            bytes += size;
            i += Character.charCount(codePoint);
        }
        return kept.toString();
    }
}

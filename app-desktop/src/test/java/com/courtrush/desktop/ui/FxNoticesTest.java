package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FxNoticesTest {

    final FxNotices notices = new FxNotices(() -> I18n.of(I18n.ENGLISH), () -> null);

    @Test
    void aRefusalShowsItsMessageAndWhatItLists() {
        CourtRushException overlap = CourtRushException.conflict("2 slot(s) would overlap existing slots.")
                .withData(Map.of("conflicts", List.of("court 'A' 08:00-09:00 overlaps its slot 08:00-09:00 (id 1)")));
        assertThat(notices.explain(new RuntimeException("wrapped", overlap)))
                .isEqualTo("2 slot(s) would overlap existing slots.\n• court 'A' 08:00-09:00 overlaps its slot "
                        + "08:00-09:00 (id 1)");
    }

    @Test
    void anUnexpectedErrorShowsItsKindAndWhereTheLogIs() {
        assertThat(notices.explain(new IllegalStateException("internal detail")))
                .contains("IllegalStateException")
                .contains("logs/console.log")
                .doesNotContain("internal detail");
    }
}

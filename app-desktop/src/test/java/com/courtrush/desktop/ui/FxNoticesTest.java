package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisConnectionException;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;

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
    void anUnexpectedErrorSaysWhatToDoAndWhereTheLogIsNeverItsClassOrDetail() {
        for (RuntimeException error : List.of(
                new IllegalStateException("internal detail"),
                new DataIntegrityViolationException("NULL not allowed for column \"SLOT_DATE\"; SQL statement"))) {
            for (Locale language : List.of(I18n.ENGLISH, I18n.CHINESE)) {
                String said = new FxNotices(() -> I18n.of(language), () -> null).explain(error);
                assertThat(said)
                        .contains("logs/console.log")
                        .doesNotContain(error.getClass().getSimpleName())
                        .doesNotContain("Exception")
                        .doesNotContain("internal detail")
                        .doesNotContain("SLOT_DATE");
            }
        }
    }

    /** Issue 70: "意外错误（DataAccessResourceFailureException）" where the database had closed. */
    @Test
    void anOutageSaysWhichPartDidNotAnswerInTheDesksLanguage() {
        FxNotices chinese = new FxNotices(() -> I18n.of(I18n.CHINESE), () -> null);
        assertThat(chinese.explain(new DataAccessResourceFailureException(
                        "could not prepare statement", new SQLException("The database has been closed [90098-232]"))))
                .isEqualTo("这一步没有完成：数据库暂时没有应答。控制台会继续尝试，请稍后再试。");
        assertThat(notices.explain(new RedisConnectionException("Unable to connect to Redis server")))
                .startsWith("This was not done: the booking service (Redis) is not answering");
        assertThat(notices.explain(new AmqpConnectException(new java.net.ConnectException("refused"))))
                .startsWith("This was not done: the message queue is not answering");
    }
}

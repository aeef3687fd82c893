package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.notice.api.AlertDelivery;
import com.courtrush.notice.api.ChannelSecrets;
import com.courtrush.notice.api.ChannelSettings;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.SmtpSecurity;
import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.notice.api.WebhookTarget;
import com.courtrush.notice.desk.NoticeDesk;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoticeChannelsViewModelTest {

    final NoticeDesk desk = mock(NoticeDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller manager = new Caller(3L, "wang", Role.MANAGER, "jti", null);
    final NoticeChannelsViewModel model =
            new NoticeChannelsViewModel(desk, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), manager);

    @Test
    void theSettingsShowWithThePasswordOnlyAsSetAndTheLatestAlerts() {
        when(desk.settings())
                .thenReturn(new ChannelSettings(
                        true,
                        new EmailServer(
                                "smtp.campus.example",
                                587,
                                "courts",
                                "********",
                                "courts@campus.example",
                                SmtpSecurity.STARTTLS),
                        false,
                        null,
                        new GivenUp(0, 0)));
        when(desk.alerts(5))
                .thenReturn(List.of(new AlertDelivery(
                        1,
                        "SOLD_OUT:7",
                        "SOLD_OUT",
                        "{}",
                        LocalDateTime.of(2026, 11, 25, 13, 0, 4),
                        2,
                        "SENT",
                        null,
                        null)));
        model.load();
        assertThat(model.emailEnabledProperty().get()).isTrue();
        assertThat(model.hostProperty().get()).isEqualTo("smtp.campus.example");
        assertThat(model.portProperty().get()).isEqualTo("587");
        assertThat(model.passwordProperty().get()).as("never shown").isEmpty();
        assertThat(model.passwordSetProperty().get()).isTrue();
        assertThat(model.alertsProperty().get()).isEqualTo("11-25 13:00:04  an opening sold out — sent (2 tries)");
    }

    @Test
    void aPortThatIsNoNumberIsNamedAndNothingIsSaved() {
        model.portProperty().set("5x7");
        model.saveEmail();
        assertThat(notices.failures)
                .singleElement()
                .satisfies(e -> assertThat(e.getMessage()).isEqualTo("The port \"5x7\" is not a number."));
        verify(desk, never()).setEmail(anyBoolean(), any(), any());
    }

    @Test
    void savingSendsTheServerAsTypedAndABlankPasswordKeepsTheOneSet() {
        when(desk.settings()).thenReturn(new ChannelSettings(false, null, false, null, new GivenUp(0, 0)));
        model.emailEnabledProperty().set(true);
        model.hostProperty().set("smtp.campus.example");
        model.portProperty().set(" 465 ");
        model.securityProperty().set(SmtpSecurity.SSL);
        model.fromProperty().set("courts@campus.example");
        model.saveEmail();
        verify(desk)
                .setEmail(
                        true,
                        new EmailServer("smtp.campus.example", 465, "", "", "courts@campus.example", SmtpSecurity.SSL),
                        manager);
        assertThat(notices.infos).containsExactly("Saved.");
    }

    @Test
    void emailsGivenUpAreCountedAndSendAgainTriesThemAndSaysHowMany() {
        when(desk.settings())
                .thenReturn(
                        new ChannelSettings(false, null, false, null, new GivenUp(12, 1)),
                        new ChannelSettings(false, null, false, null, new GivenUp(0, 0)));
        when(desk.sendAgain(manager)).thenReturn(new GivenUp(12, 1));
        model.load();
        assertThat(model.givenUpProperty().get())
                .isEqualTo("Given up after days of trying. Emails: 12, staff alerts: 1.");
        assertThat(model.canSendAgainProperty().get()).isTrue();

        model.sendAgain();
        verify(desk).sendAgain(manager);
        assertThat(notices.infos).containsExactly("Sent again. Emails: 12, staff alerts: 1.");
        assertThat(model.givenUpProperty().get()).as("loaded again: none left").isEmpty();
        assertThat(model.canSendAgainProperty().get()).isFalse();
    }

    @Test
    void nothingGivenUpLeavesNothingToSendAgain() {
        when(desk.settings()).thenReturn(new ChannelSettings(false, null, false, null, new GivenUp(0, 0)));
        model.load();
        assertThat(model.canSendAgainProperty().get()).isFalse();
        assertThat(model.givenUpProperty().get()).isEmpty();
    }

    @Test
    void theWebhooksKeyShowsMaskedUntilTheManagerAsksToSeeIt() {
        String masked = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=" + ChannelSettings.MASK;
        when(desk.settings())
                .thenReturn(new ChannelSettings(
                        false, null, true, new WebhookTarget(masked, WebhookFormat.ROBOT), new GivenUp(0, 0)));
        when(desk.secrets(manager))
                .thenReturn(
                        new ChannelSecrets(null, "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=robot-key-45"));
        model.load();
        assertThat(model.urlProperty().get()).isEqualTo(masked);
        assertThat(model.urlMaskedProperty().get()).isTrue();
        verify(desk, never()).secrets(any());

        model.showSecrets();
        assertThat(model.urlProperty().get())
                .isEqualTo("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=robot-key-45");
        assertThat(model.urlMaskedProperty().get()).isFalse();
    }
}

package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.notice.api.WechatAccountChange;
import com.courtrush.notice.api.WechatAccountState;
import com.courtrush.notice.api.WechatDelivery;
import com.courtrush.notice.api.WechatNoticeSettings;
import com.courtrush.notice.api.WechatTemplate;
import com.courtrush.notice.desk.NoticeDesk;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WechatNoticesViewModelTest {

    final NoticeDesk desk = mock(NoticeDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller manager = new Caller(3L, "wang", Role.MANAGER, "jti", null);
    final WechatNoticesViewModel model =
            new WechatNoticesViewModel(desk, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), manager);

    private static final WechatAccountState MERCHANTS =
            new WechatAccountState(WechatAccountState.MERCHANT, "wx0123456789abcdef", "https://gym.example.edu", false);

    private void settings(List<WechatTemplate> templates, int givenUp) {
        when(desk.wechatNotices()).thenReturn(settings(templates, givenUp, MERCHANTS));
    }

    private static WechatNoticeSettings settings(
            List<WechatTemplate> templates, int givenUp, WechatAccountState account) {
        return new WechatNoticeSettings(
                account.appId(),
                true,
                templates,
                List.of("WON", "PAID", "REFUNDED"),
                List.of("TITLE", "COURT", "TIME"),
                givenUp,
                account);
    }

    @Test
    void eachKindShowsItsTemplateAndTheDeliveriesSayHowEachWent() {
        settings(List.of(new WechatTemplate("WON", "T-WON", Map.of("thing1", "COURT"))), 2);
        when(desk.wechatDeliveries(10))
                .thenReturn(List.of(
                        new WechatDelivery(
                                2,
                                9,
                                "2024002",
                                "WON",
                                "T-WON",
                                "REFUSED",
                                1,
                                "43101 user refuse to accept the msg",
                                null,
                                LocalDateTime.of(2026, 12, 1, 13, 0, 4),
                                null),
                        new WechatDelivery(
                                1,
                                8,
                                "2024001",
                                "WON",
                                "T-WON",
                                "SENT",
                                1,
                                null,
                                "2000000001",
                                LocalDateTime.of(2026, 12, 1, 13, 0, 3),
                                LocalDateTime.of(2026, 12, 1, 13, 0, 3))));
        model.load();
        assertThat(model.accountProperty().get())
                .contains("wx0123456789abcdef")
                .contains("SIMULATOR")
                .contains("the WeChat Pay merchant's");
        assertThat(model.appIdProperty().get()).isEqualTo("wx0123456789abcdef");
        assertThat(model.publicUrlProperty().get()).isEqualTo("https://gym.example.edu");
        assertThat(model.rows())
                .extracting(WechatNoticesViewModel.Row::kind)
                .containsExactly("WON", "PAID", "REFUNDED");
        assertThat(model.rows().get(0).templateId().get()).isEqualTo("T-WON");
        assertThat(model.rows().get(0).keywords().get()).isEqualTo("thing1=COURT");
        assertThat(model.rows().get(1).templateId().get()).isEmpty();
        assertThat(model.testKindProperty().get())
                .as("the kind with a template")
                .isEqualTo("WON");
        assertThat(model.deliveriesProperty().get())
                .isEqualTo("12-01 13:00:04  2024002  You got a court — refused by WeChat: 43101 user refuse to accept"
                        + " the msg\n12-01 13:00:03  2024001  You got a court — sent");
        assertThat(model.givenUpProperty().get()).isEqualTo("Given up after days of trying: 2.");
        assertThat(model.canSendAgainProperty().get()).isTrue();
    }

    @Test
    void theTemplatesAreSavedAsTypedAndAKeywordThatIsNoPairIsNamed() {
        settings(List.of(), 0);
        model.load();
        model.rows().get(1).templateId().set(" T-PAID ");
        model.rows().get(1).keywords().set("thing1=court， time2 = TIME");
        model.save();
        verify(desk)
                .setWechatNotices(
                        List.of(new WechatTemplate("PAID", "T-PAID", Map.of("thing1", "COURT", "time2", "TIME"))),
                        null,
                        manager);
        assertThat(notices.infos).contains("Saved.");

        model.rows().get(2).templateId().set("T-MONEY");
        model.rows().get(2).keywords().set("amount1");
        model.save();
        assertThat(notices.failures)
                .singleElement()
                .satisfies(e -> assertThat(e.getMessage()).isEqualTo("Refunded: \"amount1\" is not keyword=FIELD."));
    }

    @Test
    void aTestSaysWhatWechatAnsweredOrWhyNot() {
        settings(List.of(new WechatTemplate("WON", "T-WON", Map.of("thing1", "COURT"))), 0);
        model.load();
        model.test();
        assertThat(notices.failures)
                .singleElement()
                .satisfies(e ->
                        assertThat(e.getMessage()).isEqualTo("Choose a notice with a template and type a student ID."));
        verify(desk, never()).testWechatNotice(anyString(), anyString(), any());

        when(desk.testWechatNotice("WON", "2024001", manager)).thenReturn("2000000009");
        model.testStudentProperty().set("2024001");
        model.test();
        assertThat(notices.infos).contains("WeChat took the test for 2024001 (message 2000000009).");

        when(desk.testWechatNotice("WON", "2024002", manager))
                .thenThrow(CourtRushException.conflict("wechat.testRefused", "43101", "no consent"));
        model.testStudentProperty().set("2024002");
        model.test();
        assertThat(notices.failures).hasSize(2);
    }

    @Test
    void aGymWithoutAMerchantSetsItsOwnAccountAndTheAppSecretIsNeverShownBack() {
        WechatAccountState none = new WechatAccountState(WechatAccountState.NONE, null, null, false);
        when(desk.wechatNotices()).thenReturn(settings(List.of(), 0, none));
        model.load();
        assertThat(model.accountProperty().get()).startsWith("No official account is set");
        assertThat(model.appIdProperty().get()).isEmpty();

        WechatAccountState own =
                new WechatAccountState(WechatAccountState.OWN, "wxf1ee7acc0un7", "https://gym.example.edu", true);
        WechatAccountChange typed =
                new WechatAccountChange(" wxf1ee7acc0un7 ", "0123456789abcdef0123", "https://gym.example.edu");
        when(desk.setWechatNotices(null, typed, manager)).thenReturn(settings(List.of(), 0, own));
        when(desk.wechatNotices()).thenReturn(settings(List.of(), 0, own));
        model.appIdProperty().set(" wxf1ee7acc0un7 ");
        model.appSecretProperty().set("0123456789abcdef0123");
        model.publicUrlProperty().set("https://gym.example.edu");
        model.saveAccount();

        verify(desk).setWechatNotices(null, typed, manager);
        assertThat(notices.infos)
                .contains("Official account wxf1ee7acc0un7 saved: WeChat took its AppID and AppSecret.");
        assertThat(model.accountProperty().get()).contains("wxf1ee7acc0un7").contains("(set here)");
        assertThat(model.appSecretProperty().get()).as("never shown back").isEmpty();

        when(desk.setWechatNotices(
                        null, new WechatAccountChange("wxf1ee7acc0un7", "", "https://gym.example.edu"), manager))
                .thenThrow(CourtRushException.conflict("wechat.accountRefused", "40125", "invalid appsecret"));
        model.appIdProperty().set("wxf1ee7acc0un7");
        model.saveAccount();
        assertThat(notices.failures)
                .singleElement()
                .satisfies(e -> assertThat(e.getMessage()).contains("40125"));
    }
}

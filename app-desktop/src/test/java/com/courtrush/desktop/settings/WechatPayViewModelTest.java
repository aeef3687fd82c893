package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.pay.api.WechatPaySetup;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.courtrush.pay.desk.WechatPayDesk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

class WechatPayViewModelTest {

    static final WechatPaySettings SAVED = new WechatPaySettings(
            true,
            "1900000109",
            "wxd678efh567hg6787",
            "5157F09EFDC096DE15EBE81A47057A72",
            "PUB_KEY_ID_0114232134912410000000000000",
            "City Gym",
            "https://gym.example.edu");
    static final WechatPayState LIVE =
            new WechatPayState(SAVED, true, true, true, "/var/lib/courtrush/wechatpay", "LIVE");
    static final String PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----\n";

    final WechatPayDesk desk = mock(WechatPayDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller manager = new Caller(3L, "wang", Role.MANAGER, "jti", null);
    final WechatPayViewModel model =
            new WechatPayViewModel(desk, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), manager);

    @TempDir
    Path dir;

    @Test
    void loadingShowsTheSettingsTheModeAndWhichKeysAreOnFileNeverTheKeys() {
        when(desk.state()).thenReturn(LIVE);
        model.load();
        assertThat(model.modeLineProperty().get()).isEqualTo("Live: WeChat Pay merchant 1900000109");
        assertThat(model.liveProperty().get()).isTrue();
        assertThat(model.mchidProperty().get()).isEqualTo("1900000109");
        assertThat(model.publicKeyIdProperty().get()).isEqualTo("PUB_KEY_ID_0114232134912410000000000000");
        assertThat(model.privateKeyLineProperty().get()).isEqualTo("on file");
        assertThat(model.platformKeyLineProperty().get()).isEqualTo("on file");
        assertThat(model.apiV3KeyProperty().get()).isEmpty();
        assertThat(model.apiV3KeyHintProperty().get()).isEqualTo("On file: leave blank to keep it");
        assertThat(model.notifyUrlProperty().get()).isEqualTo("https://gym.example.edu/pay/wechat/notify");
        assertThat(model.keyDirectoryProperty().get()).isEqualTo("/var/lib/courtrush/wechatpay");
    }

    @Test
    void theModeLineSaysPlainlyWhetherMoneyMoves() {
        when(desk.state())
                .thenReturn(new WechatPayState(WechatPaySettings.none(), false, false, false, "/d", "SIMULATED"));
        model.load();
        assertThat(model.modeLineProperty().get()).isEqualTo("Payments are simulated: no money moves");
        assertThat(model.liveProperty().get()).isFalse();
        assertThat(model.privateKeyLineProperty().get()).isEqualTo("not on file");

        when(desk.state()).thenReturn(new WechatPayState(SAVED, true, true, true, "/d", "LIVE_SIMULATOR"));
        model.load();
        assertThat(model.modeLineProperty().get()).isEqualTo("Live against the WeChat Pay simulator — no money moves");
        assertThat(model.liveProperty().get()).isFalse();
    }

    @Test
    void saveSendsNoSecretWhenNoneWasChosenOrTyped() {
        when(desk.state()).thenReturn(LIVE);
        when(desk.save(any(), any(), any())).thenReturn(LIVE);
        model.load();
        model.merchantNameProperty().set(" City Gym East ");
        model.save();
        verify(desk)
                .save(
                        new WechatPaySetup(
                                new WechatPaySettings(
                                        true,
                                        SAVED.mchid(),
                                        SAVED.appId(),
                                        SAVED.merchantSerialNumber(),
                                        SAVED.publicKeyId(),
                                        "City Gym East",
                                        SAVED.publicUrl()),
                                null,
                                null,
                                null),
                        Locale.ENGLISH,
                        manager);
        assertThat(notices.infos).containsExactly("WeChat Pay saved.");
        assertThat(model.workingProperty().get()).isFalse();
    }

    @Test
    void saveSendsTheKeysChosenAndTypedAndForgetsThemOnceSaved() throws Exception {
        when(desk.state()).thenReturn(LIVE);
        when(desk.save(any(), any(), any())).thenReturn(LIVE);
        model.load();
        Path privateKey = Files.writeString(dir.resolve("apiclient_key.pem"), PEM);
        String publicPem = "-----BEGIN PUBLIC KEY-----\nMIIBIj\n-----END PUBLIC KEY-----\n";
        Path publicKey = Files.writeString(dir.resolve("pub_key.pem"), publicPem);
        model.choosePrivateKey(privateKey);
        model.choosePlatformKey(publicKey);
        model.apiV3KeyProperty().set(" 0123456789abcdef0123456789abcdef ");
        model.appSecretProperty().set(" 3f2a9c0e7b1d4a6f8e5c2b9a0d7f1e3c ");
        assertThat(model.privateKeyLineProperty().get()).isEqualTo("chosen: apiclient_key.pem");
        assertThat(model.platformKeyLineProperty().get()).isEqualTo("chosen: pub_key.pem");

        model.save();

        ArgumentCaptor<WechatPaySetup> sent = ArgumentCaptor.captor();
        verify(desk).save(sent.capture(), any(), any());
        assertThat(sent.getValue().privateKeyPem()).isEqualTo(PEM);
        assertThat(sent.getValue().platformPublicKeyPem()).isEqualTo(publicPem);
        assertThat(sent.getValue().apiV3Key()).isEqualTo("0123456789abcdef0123456789abcdef");
        assertThat(sent.getValue().appSecret()).isEqualTo("3f2a9c0e7b1d4a6f8e5c2b9a0d7f1e3c");
        // on file now: nothing is held, and a second save sends none again
        assertThat(model.privateKeyLineProperty().get()).isEqualTo("on file");
        assertThat(model.apiV3KeyProperty().get()).isEmpty();
        assertThat(model.appSecretProperty().get()).isEmpty();
        assertThat(model.typed().privateKeyPem()).isNull();
        assertThat(model.typed().platformPublicKeyPem()).isNull();
    }

    @Test
    void aFileThatIsNotAKeyIsRefusedAndNothingIsChosen() throws Exception {
        when(desk.state()).thenReturn(LIVE);
        model.load();
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my merchant id is 1900000109");
        model.choosePrivateKey(notes);
        assertThat(notices.failures).singleElement().isInstanceOf(InputRefused.class);
        assertThat(notices.lastFailureMessage()).contains("notes.txt").contains("not a PEM key file");
        assertThat(model.privateKeyLineProperty().get()).isEqualTo("on file");
        assertThat(model.typed().privateKeyPem()).isNull();
    }

    @Test
    void aTrySendsTheFormUnsavedAndShowsWhatWeChatPayAnswered() {
        when(desk.tryIt(any(), any(), any()))
                .thenReturn(new WechatPayTrial(true, "WeChat Pay answered: the keys match.", "ORDER_NOT_EXIST"));
        model.mchidProperty().set("1900000109");
        model.tryIt();
        ArgumentCaptor<WechatPaySetup> sent = ArgumentCaptor.captor();
        verify(desk).tryIt(sent.capture(), org.mockito.ArgumentMatchers.eq(Locale.ENGLISH), any());
        assertThat(sent.getValue().settings().mchid()).isEqualTo("1900000109");
        assertThat(model.trialOkProperty().get()).isTrue();
        assertThat(model.trialSummaryProperty().get()).isEqualTo("WeChat Pay answered: the keys match.");
        assertThat(model.trialDetailProperty().get()).isEqualTo("ORDER_NOT_EXIST");
        assertThat(model.workingProperty().get()).isFalse();
        assertThat(notices.infos).isEmpty();
    }

    @Test
    void aRefusedSaveIsShownAsTheEngineWordsItAndTheButtonsComeBack() {
        CourtRushException refused = CourtRushException.badRequest("channel.url");
        when(desk.save(any(), any(), any())).thenThrow(refused);
        model.save();
        assertThat(notices.failedWhat).containsExactly("Save WeChat Pay");
        assertThat(notices.failures).containsExactly(refused);
        assertThat(model.workingProperty().get()).isFalse();
        assertThat(notices.infos).isEmpty();
    }

    @Test
    void aRefusedTryClearsItsSummaryAndIsShown() {
        CourtRushException refused = CourtRushException.badRequest("channel.url");
        when(desk.tryIt(any(), any(), any())).thenThrow(refused);
        model.tryIt();
        assertThat(notices.failedWhat).containsExactly("Try it");
        assertThat(model.trialSummaryProperty().get()).isEmpty();
        assertThat(model.trialOkProperty().get()).isNull();
        assertThat(model.workingProperty().get()).isFalse();
    }
}

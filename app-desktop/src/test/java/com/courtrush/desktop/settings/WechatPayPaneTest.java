package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import atlantafx.base.theme.Styles;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.FxNotices;
import com.courtrush.desktop.ui.FxUiTasks;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.pay.api.WechatPaySetup;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.courtrush.pay.desk.WechatPayDesk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * WeChat Pay's section of Settings driven through a window (headless: TestFX + Monocle), against a desk that stands
 * in for the engine's: the mode said at the top, key files chosen by name only, what is typed is what the desk gets,
 * and what WeChat Pay answered is shown.
 */
class WechatPayPaneTest {

    static final FxRobot robot = new FxRobot();
    static final I18n english = I18n.of(I18n.ENGLISH);
    static final String PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----\n";

    static final WechatPaySettings SAVED = new WechatPaySettings(
            false,
            "1900000109",
            "wxd678efh567hg6787",
            "5157F09E",
            "PUB_KEY_ID_01142321",
            "City Gym",
            "https://gym.example.edu");
    static final WechatPayState SIMULATED =
            new WechatPayState(SAVED, false, true, false, "/data/wechatpay", "SIMULATED");

    final WechatPayDesk desk = mock(WechatPayDesk.class);
    final Caller manager = new Caller(3L, "wang", Role.MANAGER, "jti", null);
    final List<String> infos = new CopyOnWriteArrayList<>();
    final List<String> chooserTitles = new CopyOnWriteArrayList<>();
    FxUiTasks tasks;
    Stage stage;
    static ScrollPane scroll;

    @TempDir
    Path dir;

    Path keyFile;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void showThePane() throws Exception {
        keyFile = Files.writeString(dir.resolve("apiclient_key.pem"), PEM);
        when(desk.state()).thenReturn(SIMULATED);
        Notices notices = new Shown(new FxNotices(() -> english, () -> stage));
        tasks = new FxUiTasks(notices);
        WechatPayViewModel model = new WechatPayViewModel(desk, tasks, notices, english, manager);
        // the system's file chooser cannot be driven headless: this one picks the key written above
        WechatPayPane.KeyFiles files = (owner, title, suggested) -> {
            chooserTitles.add(title);
            return keyFile.toFile();
        };
        stage = FxToolkit.registerStage(Stage::new);
        FxToolkit.setupSceneRoot(() -> {
            scroll = new ScrollPane(WechatPayPane.of(model, english, files));
            scroll.setFitToWidth(true);
            return scroll;
        });
        FxToolkit.setupStage(s -> {
            s.setWidth(1200);
            s.setHeight(1000);
            s.show();
        });
        robot.interact(model::load);
        waitFor(() -> field("#wechatPayMchid").getText().equals(SAVED.mchid()));
    }

    @AfterEach
    void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void theModeIsSaidAtTheTopAndTheKeysOnlyAsOnFileOrNot() {
        assertThat(label("#wechatPayMode").getText()).isEqualTo("Payments are simulated: no money moves");
        assertThat(label("#wechatPayMode").getStyleClass()).contains("simulated");
        assertThat(label("#wechatPayPrivateKeyLine").getText()).isEqualTo("not on file");
        assertThat(label("#wechatPayPlatformKeyLine").getText()).isEqualTo("not on file");
        PasswordField v3 = robot.lookup("#wechatPayApiV3Key").queryAs(PasswordField.class);
        assertThat(v3.getText()).isEmpty();
        assertThat(v3.getPromptText()).isEqualTo("On file: leave blank to keep it");
        assertThat(label("#wechatPayNotifyUrl").getText()).contains("https://gym.example.edu/pay/wechat/notify");
        assertThat(label("#wechatPayKeyDirectory").getText())
                .contains("/data/wechatpay")
                .contains("0600");
    }

    @Test
    void aChosenKeyShowsByItsFileNameAndIsSavedWithTheTypedApiV3Key() {
        when(desk.save(any(), any(), any())).thenReturn(new WechatPayState(SAVED, true, true, false, "/d", "LIVE"));
        click("#wechatPayPrivateKeyChoose");
        waitFor(() -> label("#wechatPayPrivateKeyLine").getText().equals("chosen: apiclient_key.pem"));
        assertThat(chooserTitles).containsExactly("Choose apiclient_key.pem");
        click("#wechatPayEnabled");
        type("#wechatPayApiV3Key", "0123456789abcdef0123456789abcdef");

        click("#saveWechatPay");
        ArgumentCaptor<WechatPaySetup> sent = ArgumentCaptor.captor();
        verify(desk, timeout(5_000)).save(sent.capture(), any(), any());
        assertThat(sent.getValue().settings().enabled()).isTrue();
        assertThat(sent.getValue().privateKeyPem()).isEqualTo(PEM);
        assertThat(sent.getValue().apiV3Key()).isEqualTo("0123456789abcdef0123456789abcdef");
        assertThat(sent.getValue().platformPublicKeyPem()).isNull();
        waitFor(() -> infos.contains("WeChat Pay saved."));
        waitFor(() -> label("#wechatPayMode").getText().equals("Live: WeChat Pay merchant 1900000109"));
        assertThat(label("#wechatPayPrivateKeyLine").getText()).isEqualTo("on file");
        assertThat(robot.lookup("#wechatPayApiV3Key")
                        .queryAs(PasswordField.class)
                        .getText())
                .isEmpty();
    }

    @Test
    void tryItWaitsForWeChatPayWithTheButtonsOffThenShowsWhatItAnswered() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        when(desk.tryIt(any(), any(), any())).thenAnswer(call -> {
            answer.await(10, TimeUnit.SECONDS);
            return new WechatPayTrial(false, "WeChat Pay refused the signature.", "401 SIGN_ERROR");
        });
        click("#tryWechatPay");
        waitFor(() -> robot.lookup("#wechatPayWorking").query().isVisible());
        assertThat(robot.lookup("#tryWechatPay").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#saveWechatPay").queryButton().isDisabled()).isTrue();
        answer.countDown();

        Label summary = label("#wechatPayTrialSummary");
        waitFor(() -> summary.getText().equals("WeChat Pay refused the signature."));
        assertThat(summary.getStyleClass()).contains(Styles.WARNING).doesNotContain(Styles.SUCCESS);
        assertThat(robot.lookup("#wechatPayTrialDetail").queryAs(TextArea.class).getText())
                .isEqualTo("401 SIGN_ERROR");
        assertThat(robot.lookup("#tryWechatPay").queryButton().isDisabled()).isFalse();
        verify(desk).tryIt(any(), org.mockito.ArgumentMatchers.eq(Locale.ENGLISH), any());
        verify(desk, never()).save(any(), any(), any());
    }

    @Test
    void aRefusedSaveIsShownAsTheEngineWordsIt() {
        CourtRushException refused = CourtRushException.badRequest("channel.url");
        when(desk.save(any(), any(), any())).thenThrow(refused);

        click("#saveWechatPay");
        waitFor(() -> robot.lookup("#errorDialog").tryQuery().isPresent());
        DialogPane error = robot.lookup("#errorDialog").queryAs(DialogPane.class);
        assertThat(error.getHeaderText()).isEqualTo("Save WeChat Pay");
        assertThat(error.getContentText()).isEqualTo(refused.message(Locale.ENGLISH));
        robot.interact(() -> ((Stage) error.getScene().getWindow()).close());
        assertThat(robot.lookup("#saveWechatPay").queryButton().isDisabled()).isFalse();
        assertThat(infos).isEmpty();
    }

    private static Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }

    private static void type(String query, String text) {
        TextField field = field(query);
        robot.interact(field::clear);
        reveal(field);
        robot.clickOn(field).write(text);
    }

    private static void click(String query) {
        Node node = robot.lookup(query).query();
        reveal(node);
        robot.clickOn(node);
    }

    private static void reveal(Node node) {
        robot.interact(() -> {
            Node content = scroll.getContent();
            Bounds at = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
            double viewport = scroll.getViewportBounds().getHeight();
            double room = content.getLayoutBounds().getHeight() - viewport;
            if (room > 0) {
                scroll.setVvalue(Math.max(0, Math.min(1, (at.getMinY() - viewport / 3) / room)));
            }
        });
    }

    private static TextField field(String query) {
        return (TextField) robot.lookup(query).query();
    }

    private static void waitFor(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(
                    10,
                    TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (Exception e) {
            throw new AssertionError("condition not met within 10 s", e);
        }
    }

    /** The console's own dialogs for failures; the confirmations remembered instead of popping up. */
    private final class Shown implements Notices {

        private final FxNotices fx;

        Shown(FxNotices fx) {
            this.fx = fx;
        }

        @Override
        public void info(String message) {
            infos.add(message);
        }

        @Override
        public void failed(String what, Throwable error) {
            fx.failed(what, error);
        }

        @Override
        public boolean confirm(String message) {
            throw new AssertionError("nothing here asks: " + message);
        }

        @Override
        public Optional<Destructive.Answer> confirm(Destructive step) {
            throw new AssertionError("nothing here asks: " + step.action());
        }
    }
}

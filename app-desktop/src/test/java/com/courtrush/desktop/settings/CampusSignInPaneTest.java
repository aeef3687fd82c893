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
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.Keyboard;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.FxNotices;
import com.courtrush.desktop.ui.FxUiTasks;
import com.courtrush.desktop.ui.Notices;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The campus sign-in's section of Settings driven through a window (headless: TestFX + Monocle), against a desk
 * that stands in for the engine's: what is typed is what the desk gets, saved or tried, and what the university's
 * server answered is shown.
 */
class CampusSignInPaneTest {

    static final FxRobot robot = new FxRobot();
    static final I18n english = I18n.of(I18n.ENGLISH);

    final CampusSignInDesk desk = mock(CampusSignInDesk.class);
    final Caller manager = new Caller(3L, "wang", Role.MANAGER, "jti", null);
    final List<String> infos = new CopyOnWriteArrayList<>();
    FxUiTasks tasks;
    Stage stage;
    /** The section scrolls: the screen a suite leaves behind may be shorter than the form. */
    static ScrollPane scroll;

    static final CampusSignInSettings SAVED = new CampusSignInSettings(
            false,
            CampusProtocol.OIDC,
            "",
            "https://gym.example.edu",
            "https://sso.example.edu/realms/campus",
            "courtrush",
            CampusSignInSettings.MASK,
            "",
            "name",
            "email",
            "affiliation",
            "student",
            "",
            "",
            "",
            "");

    /** What the form below types: the secret left masked (kept), the rest new. */
    static final CampusSignInSettings TYPED = new CampusSignInSettings(
            true,
            CampusProtocol.OIDC,
            "Unified identity",
            "https://courts.example.edu",
            "https://id.example.edu/realms/students",
            "courtrush-gym",
            CampusSignInSettings.MASK,
            "studentNumber",
            "displayName",
            "mail",
            "eduPersonAffiliation",
            "student, staff",
            "groups",
            "gym-desk",
            "gym-managers",
            "");

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void showThePane() throws Exception {
        when(desk.settings()).thenReturn(SAVED);
        Notices notices = new Shown(new FxNotices(() -> english, () -> stage));
        tasks = new FxUiTasks(notices);
        CampusSignInViewModel model = new CampusSignInViewModel(desk, tasks, notices, english, manager);
        stage = FxToolkit.registerStage(Stage::new);
        FxToolkit.setupSceneRoot(() -> {
            scroll = new ScrollPane(CampusSignInPane.of(model, english));
            scroll.setFitToWidth(true);
            return scroll;
        });
        FxToolkit.setupStage(s -> {
            s.setWidth(1200);
            s.setHeight(1000);
            s.show();
        });
        robot.interact(model::load);
        waitFor(() -> field("#campusServerUrl").getText().equals(SAVED.serverUrl()));
    }

    @AfterEach
    void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void theSavedSettingsShowWithTheSecretMasked() {
        assertThat(field("#campusPublicUrl").getText()).isEqualTo("https://gym.example.edu");
        assertThat(field("#campusClientId").getText()).isEqualTo("courtrush");
        assertThat(field("#campusClientSecret").getText()).isEqualTo(CampusSignInSettings.MASK);
        assertThat(field("#campusBookValues").getText()).isEqualTo("student");
        assertThat(robot.lookup("#campusServerCaption").queryLabeled().getText())
                .isEqualTo("Issuer");
    }

    @Test
    void forCasTheClientIdAndSecretAreOffAndTheServerIsItsPrefix() {
        protocol(CampusProtocol.CAS);
        assertThat(field("#campusClientId").isDisabled()).isTrue();
        assertThat(field("#campusClientSecret").isDisabled()).isTrue();
        assertThat(robot.lookup("#campusServerCaption").queryLabeled().getText())
                .isEqualTo("CAS server prefix");

        protocol(CampusProtocol.OIDC);
        assertThat(field("#campusClientId").isDisabled()).isFalse();
        assertThat(field("#campusClientSecret").isDisabled()).isFalse();
        assertThat(robot.lookup("#campusServerCaption").queryLabeled().getText())
                .isEqualTo("Issuer");
    }

    @Test
    void forLdapTheClientIsTheServiceAccountAndTheServerAnLdapUrl() {
        protocol(CampusProtocol.LDAP);
        assertThat(field("#campusClientId").isDisabled()).isFalse();
        assertThat(field("#campusClientSecret").isDisabled()).isFalse();
        assertThat(robot.lookup("#campusServerCaption").queryLabeled().getText())
                .isEqualTo("Directory (LDAP URL)");
        assertThat(robot.lookup(".form-label").queryAllAs(Label.class).stream().map(Label::getText))
                .contains("Service account or bind pattern", "Service account password")
                .doesNotContain("Client id", "Client secret");
    }

    @Test
    void tryItSendsTheFormAsTypedUnsavedAndShowsWhatTheServerAnswered() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        when(desk.tryIt(any(), any(), any())).thenAnswer(call -> {
            answer.await(10, TimeUnit.SECONDS);
            return new CampusTrial(
                    true,
                    "The provider answered at the issuer.",
                    List.of("issuer: https://id.example.edu/realms/students", "PKCE: S256"));
        });
        fillTheForm();

        click("#tryCampus");
        // the university's server may take seconds: both buttons off and a spinner meanwhile
        waitFor(() -> robot.lookup("#campusWorking").query().isVisible());
        assertThat(robot.lookup("#tryCampus").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#saveCampus").queryButton().isDisabled()).isTrue();
        answer.countDown();

        Label summary = robot.lookup("#campusTrialSummary").queryAs(Label.class);
        waitFor(() -> summary.getText().equals("The provider answered at the issuer."));
        assertThat(summary.getStyleClass()).contains(Styles.SUCCESS).doesNotContain(Styles.WARNING);
        assertThat(robot.lookup("#campusTrialAnswered").queryAs(TextArea.class).getText())
                .isEqualTo("issuer: https://id.example.edu/realms/students\nPKCE: S256");
        assertThat(robot.lookup("#tryCampus").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#campusWorking").query().isVisible()).isFalse();
        verify(desk).tryIt(TYPED, Locale.ENGLISH, manager);
        verify(desk, never()).save(any(), any());
    }

    @Test
    void aTryThatFailsShowsItsSummaryAsAWarning() {
        when(desk.tryIt(any(), any(), any()))
                .thenReturn(new CampusTrial(false, "Nothing answered at the CAS server.", List.of("HTTP 404")));
        protocol(CampusProtocol.CAS);
        click("#tryCampus");
        Label summary = robot.lookup("#campusTrialSummary").queryAs(Label.class);
        waitFor(() -> summary.getText().equals("Nothing answered at the CAS server."));
        assertThat(summary.getStyleClass()).contains(Styles.WARNING).doesNotContain(Styles.SUCCESS);
    }

    @Test
    void saveSendsTheFormAsTyped() {
        when(desk.save(any(), any())).thenReturn(TYPED);
        fillTheForm();

        click("#saveCampus");
        verify(desk, timeout(5_000)).save(TYPED, manager);
        waitFor(() -> infos.contains("Campus sign-in saved."));
        assertThat(robot.lookup("#saveCampus").queryButton().isDisabled()).isFalse();
    }

    @Test
    void aRefusedSaveIsShownAsTheEngineWordsIt() {
        CourtRushException refused = CourtRushException.badRequest("channel.url");
        when(desk.save(any(), any())).thenThrow(refused);

        click("#saveCampus");
        waitFor(() -> robot.lookup("#errorDialog").tryQuery().isPresent());
        DialogPane error = robot.lookup("#errorDialog").queryAs(DialogPane.class);
        assertThat(error.getHeaderText()).isEqualTo("Save campus sign-in");
        assertThat(error.getContentText()).isEqualTo(refused.message(Locale.ENGLISH));
        // a refusal is the engine answering as it should: a warning titled so, not "something went wrong"
        assertThat(error.getStyleClass()).contains("warning").doesNotContain("error");
        assertThat(((Stage) error.getScene().getWindow()).getTitle()).isEqualTo("Not done");
        robot.interact(() -> ((Stage) error.getScene().getWindow()).close());
        assertThat(robot.lookup("#saveCampus").queryButton().isDisabled()).isFalse();
        assertThat(infos).isEmpty();
    }

    private void fillTheForm() {
        click("#campusEnabled");
        protocol(CampusProtocol.OIDC);
        type("#campusLabel", TYPED.label());
        type("#campusPublicUrl", TYPED.publicUrl());
        type("#campusServerUrl", TYPED.serverUrl());
        type("#campusClientId", TYPED.clientId());
        type("#campusIdAttribute", TYPED.idAttribute());
        type("#campusNameAttribute", TYPED.nameAttribute());
        type("#campusEmailAttribute", TYPED.emailAttribute());
        type("#campusBookAttribute", TYPED.bookAttribute());
        type("#campusBookValues", TYPED.bookValues());
        type("#campusStaffAttribute", TYPED.staffAttribute());
        type("#campusStaffValues", TYPED.staffValues());
        type("#campusManagerValues", TYPED.managerValues());
    }

    /** Clears the field and types {@code text} into it, as staff would. */
    private static void type(String query, String text) {
        TextField field = field(query);
        robot.interact(field::clear);
        reveal(field);
        Keyboard.clickAndType(robot, field, text);
    }

    /** Clicks the node, scrolled into sight first as staff would scroll to it. */
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

    @SuppressWarnings("unchecked")
    private static void protocol(CampusProtocol protocol) {
        ChoiceBox<CampusProtocol> choice = robot.lookup("#campusProtocol").queryAs(ChoiceBox.class);
        robot.interact(() -> choice.setValue(protocol));
    }

    private static TextField field(String query) {
        Node node = robot.lookup(query).query();
        return (TextField) node;
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

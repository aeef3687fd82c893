package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class CampusSignInViewModelTest {

    final CampusSignInDesk desk = mock(CampusSignInDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller manager = new Caller(3L, "wang", Role.MANAGER, "jti", null);
    final CampusSignInViewModel model =
            new CampusSignInViewModel(desk, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), manager);

    @Test
    void beforeLoadingTheFormHoldsNothingSetAndOnlyOidcNeedsAClient() {
        assertThat(model.typed()).isEqualTo(CampusSignInSettings.none());
        assertThat(model.oidcProperty().get()).isTrue();
        model.protocolProperty().set(CampusProtocol.CAS);
        assertThat(model.oidcProperty().get()).isFalse();
    }

    @Test
    void addressesAndNamesAreSentWithoutTheSpacesAroundThemTheSecretAsTyped() {
        model.serverUrlProperty().set(" https://cas.example.edu/cas ");
        model.bookValuesProperty().set("student, staff ");
        model.clientSecretProperty().set(" s3cret ");
        assertThat(model.typed().serverUrl()).isEqualTo("https://cas.example.edu/cas");
        assertThat(model.typed().bookValues()).isEqualTo("student, staff");
        assertThat(model.typed().clientSecret()).isEqualTo(" s3cret ");
    }

    /** SPEC §21: the faculty values a manager set over HTTP are shown and saved back, not dropped by the console. */
    @Test
    void theFacultyValuesReadAreSentBackAsTheyStand() {
        CampusSignInSettings none = CampusSignInSettings.none();
        CampusSignInSettings set = new CampusSignInSettings(
                true,
                CampusProtocol.CAS,
                "",
                "https://gym.example.edu",
                "https://cas.example.edu/cas",
                "",
                "",
                "",
                none.nameAttribute(),
                none.emailAttribute(),
                none.bookAttribute(),
                "student,faculty",
                "",
                "",
                "",
                "faculty");
        org.mockito.Mockito.when(desk.settings()).thenReturn(set);
        model.load();
        assertThat(model.facultyValuesProperty().get()).isEqualTo("faculty");
        assertThat(model.typed()).isEqualTo(set);
    }

    @Test
    void aRefusedSaveIsShownAndTheButtonsComeBack() {
        CourtRushException refused = CourtRushException.badRequest("channel.url");
        when(desk.save(any(), any())).thenThrow(refused);
        model.save();
        assertThat(notices.failedWhat).containsExactly("Save campus sign-in");
        assertThat(notices.failures).containsExactly(refused);
        assertThat(model.workingProperty().get()).isFalse();
        assertThat(notices.infos).isEmpty();
    }

    @Test
    void aTrySaysWhatTheServerAnsweredLineByLineInTheStaffsLanguage() {
        when(desk.tryIt(any(), any(), any()))
                .thenReturn(new CampusTrial(false, "No CAS server there.", List.of("HTTP 404", "text/html")));
        model.tryIt();
        verify(desk).tryIt(CampusSignInSettings.none(), Locale.ENGLISH, manager);
        assertThat(model.trialOkProperty().get()).isFalse();
        assertThat(model.trialSummaryProperty().get()).isEqualTo("No CAS server there.");
        assertThat(model.trialAnsweredProperty().get()).isEqualTo("HTTP 404\ntext/html");
        assertThat(model.workingProperty().get()).isFalse();
    }
}

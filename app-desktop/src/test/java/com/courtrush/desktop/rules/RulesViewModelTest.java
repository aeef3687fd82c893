package com.courtrush.desktop.rules;

import static com.courtrush.desktop.support.Courts.court;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.EngineText;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.template.OpeningTemplateForm;
import com.courtrush.recurring.api.DateChange;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.recurring.api.RuleForm;
import com.courtrush.recurring.api.RuleView;
import com.courtrush.recurring.api.RunOutcome;
import com.courtrush.recurring.api.RunResult;
import com.courtrush.recurring.desk.RuleDesk;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

class RulesViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 25);
    static final Caller ACTOR = Caller.atDesk(7, "tester", Role.STAFF);

    final RuleDesk rules = mock(RuleDesk.class);
    final CourtDesk courts = mock(CourtDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    RulesViewModel model;

    static RuleView rule(long id, Integer priceCents) {
        return new RuleView(
                id,
                "Weekdays",
                true,
                2,
                List.of(1, 2, 3, 4, 5),
                LocalTime.of(12, 0),
                1,
                5,
                3,
                List.of(2L),
                LocalTime.of(9, 0),
                LocalTime.of(12, 0),
                60,
                2,
                priceCents);
    }

    @BeforeEach
    void setUp() {
        when(courts.list(ACTOR)).thenReturn(List.of(court(1, "A", true), court(2, "B", true), court(3, "Off", false)));
        when(rules.list()).thenReturn(List.of(rule(5, null)));
        model = new RulesViewModel(
                rules, courts, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), ACTOR, TODAY, () -> 1500);
    }

    @Test
    void aDeskWorkerIsListedTheRulesOfTheirVenuesCourtsOnly() {
        RuleView elsewhere = new RuleView(
                9,
                "West hall",
                true,
                2,
                List.of(6),
                LocalTime.of(12, 0),
                1,
                5,
                3,
                List.of(2L, 40L),
                LocalTime.of(9, 0),
                LocalTime.of(12, 0),
                60,
                2,
                null);
        when(rules.list()).thenReturn(List.of(rule(5, null), elsewhere));
        model.load();
        assertThat(model.rows()).extracting(RuleView::id).containsExactly(5L);
    }

    @Test
    void aNewRuleStartsFromSpecsDefaultsLikeAnOpening() {
        model.load();

        OpeningTemplateForm form = model.template();
        assertThat(form.perUserLimit()).isEqualTo(2);
        assertThat(form.priceProperty().get()).as("the default-price setting").isEqualTo("15.00");
        assertThat(form.activeCourts())
                .extracting(OpeningTemplateForm.CourtChoice::name)
                .containsExactly("A", "B");
        assertThat(model.rows()).extracting(RuleView::id).containsExactly(5L);
    }

    @Test
    void createSendsTheFormAndMakesTheDueOpeningsAtOnce() {
        when(rules.create(any(), eq(ACTOR))).thenReturn(rule(6, 2500));
        model.load();
        model.nameProperty().set("Weekends");
        for (int d = 0; d < 5; d++) {
            model.weekday(d).set(false);
        }
        model.template().chosenCourts().setAll(model.template().activeCourts().get(0));
        model.template().priceProperty().set("25");

        model.create();

        ArgumentCaptor<RuleForm> sent = ArgumentCaptor.captor();
        verify(rules).create(sent.capture(), eq(ACTOR));
        assertThat(sent.getValue().name()).isEqualTo("Weekends");
        assertThat(sent.getValue().weekdays()).containsExactly(6, 7);
        assertThat(sent.getValue().courtIds()).containsExactly(1L);
        assertThat(sent.getValue().perUserLimit()).isEqualTo(2);
        assertThat(sent.getValue().priceCents()).isEqualTo(2500);
        assertThat(sent.getValue().flashTime()).isEqualTo(LocalTime.of(13, 0));
        verify(rules).runDue(ACTOR);
        assertThat(notices.infos.get(0)).contains("Weekdays");
    }

    @Test
    void aRuleWithoutCourtsIsRefusedInWordsAndNothingIsSent() {
        model.load();
        model.nameProperty().set("No courts");

        model.create();

        verify(rules, never()).create(any(), any());
        assertThat(notices.lastFailureMessage()).contains("court");
    }

    @Test
    void selectingARuleFillsTheFormAndLoadsItsPlanForTwoWeeks() {
        PlanDay made = new PlanDay(
                TODAY, PlanDay.Status.CREATED, 41L, null, TODAY.minusDays(1).atTime(12, 0), null, null);
        when(rules.plan(5, TODAY, RulesViewModel.PLAN_DAYS)).thenReturn(List.of(made));
        model.load();

        model.selectedProperty().set(model.rows().get(0));

        assertThat(model.nameProperty().get()).isEqualTo("Weekdays");
        assertThat(model.weekday(5).get()).as("Saturday").isFalse();
        assertThat(model.template().perUserLimit()).isEqualTo(3);
        assertThat(model.template().chosenCourts())
                .extracting(OpeningTemplateForm.CourtChoice::name)
                .containsExactly("B");
        assertThat(model.template().priceProperty().get())
                .as("no price of its own: the default")
                .isEqualTo("15.00");
        assertThat(model.plan()).containsExactly(made);
        assertThat(model.describe(made)).isEqualTo("Opening made #41");
    }

    @Test
    void closingADateSendsAClosedChangeWithoutTimes() {
        model.load();
        model.selectedProperty().set(model.rows().get(0));
        model.changeDateProperty().set(TODAY.plusDays(3));
        model.changeClosedProperty().set(true);
        model.changeStartProperty().set("10:00");
        model.changeNoteProperty().set("holiday");

        model.applyDate();

        ArgumentCaptor<DateChange> change = ArgumentCaptor.captor();
        verify(rules).setException(eq(5L), eq(TODAY.plusDays(3)), change.capture(), eq(ACTOR));
        assertThat(change.getValue().closed()).isTrue();
        assertThat(change.getValue().startTime())
                .as("a closed date has no times")
                .isNull();
        assertThat(change.getValue().note()).isEqualTo("holiday");
        assertThat(notices.infos).anyMatch(info -> info.contains("closed"));
    }

    @Test
    void runNowSaysWhatWasMadeAndWhyTheRestWasNot() {
        EngineText why = new EngineText("rule.notFound", 9);
        when(rules.runDue(ACTOR))
                .thenReturn(List.of(
                        new RunResult(5, "Weekdays", TODAY, RunOutcome.CREATED, 41L, null),
                        new RunResult(5, "Weekdays", TODAY.plusDays(1), RunOutcome.FAILED, null, why)));

        model.runNow();

        assertThat(notices.infos.get(0)).startsWith("1 opening(s) made.").contains("There is no recurring opening 9");
        verify(rules, never()).plan(anyLong(), any(), org.mockito.ArgumentMatchers.anyInt());
    }
}

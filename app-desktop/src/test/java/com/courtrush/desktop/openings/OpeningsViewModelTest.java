package com.courtrush.desktop.openings;

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
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.template.OpeningTemplateForm;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.SessionState;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.slot.api.GeneratedDay;
import com.courtrush.slot.api.SlotTemplate;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.staff.api.WithdrawalImpact;
import com.courtrush.staff.desk.StaffDesk;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

class OpeningsViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);
    /** 08:00 on {@link #TODAY}. */
    static final Clock CLOCK =
            Clock.fixed(TODAY.atTime(8, 0).atZone(ZoneId.of("Asia/Shanghai")).toInstant(), ZoneId.of("Asia/Shanghai"));

    final OpeningDesk openings = mock(OpeningDesk.class);
    final SlotDesk slotDesk = mock(SlotDesk.class);
    final StaffDesk withdrawal = mock(StaffDesk.class);
    final CourtDesk courts = mock(CourtDesk.class);
    final VenueDesk venues = mock(VenueDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller staff = Caller.atDesk(7, "tester", Role.STAFF);
    /** The default-price setting the form starts from. */
    static final int DEFAULT_PRICE_CENTS = 1850;

    OpeningsViewModel model;

    @BeforeEach
    void setUp() {
        CourtView a = new CourtView(1L, "A", true);
        CourtView off = new CourtView(2L, "Off", false);
        when(courts.list(staff)).thenReturn(List.of(a, off));
        model = new OpeningsViewModel(
                openings,
                slotDesk,
                withdrawal,
                courts,
                venues,
                new DirectUiTasks(notices),
                notices,
                I18n.of(I18n.ENGLISH),
                CLOCK,
                staff,
                () -> DEFAULT_PRICE_CENTS);
    }

    static OpeningView session(long id) {
        return new OpeningView(
                id, TODAY.plusDays(1), TODAY.atTime(13, 0), 5, 2, SessionState.WARMED, false, false, 0, 1);
    }

    @Test
    void refreshListsTomorrowsOpeningsWithTheirVenueSelectsTheFirstAndOnlyActiveCourts() {
        OpeningView tables = new OpeningView(
                8, TODAY.plusDays(1), TODAY.atTime(13, 0), 5, 2, SessionState.WARMED, false, false, 0, 2);
        when(openings.listByDate(TODAY.plusDays(1), staff)).thenReturn(List.of(session(7), tables));
        when(venues.list())
                .thenReturn(List.of(
                        new VenueView(
                                1,
                                "体育馆",
                                "Sports hall",
                                null,
                                LocalTime.of(8, 0),
                                LocalTime.of(22, 0),
                                true,
                                List.of()),
                        new VenueView(
                                2,
                                "乒乓球室",
                                "Table-tennis room",
                                null,
                                LocalTime.of(8, 0),
                                LocalTime.of(22, 0),
                                true,
                                List.of())));
        model.refresh();
        assertThat(model.dateProperty().get()).isEqualTo(TODAY.plusDays(1));
        assertThat(model.rows()).extracting(OpeningRow::id).containsExactly(7L, 8L);
        assertThat(model.rows()).extracting(OpeningRow::venue).containsExactly("Sports hall", "Table-tennis room");
        assertThat(model.selectedProperty().get().id()).isEqualTo(7);
        verify(slotDesk).slotsOf(7);
        assertThat(model.template().activeCourts()).containsExactly(new OpeningTemplateForm.CourtChoice(1, "A"));
    }

    @Test
    void tickedCourtsStayTickedAcrossARefresh() {
        model.refresh();
        model.template().chosenCourts().setAll(model.template().activeCourts());
        model.refresh();
        assertThat(model.template().chosenCourts()).containsExactly(new OpeningTemplateForm.CourtChoice(1, "A"));
    }

    @Test
    void anOpeningIsCreatedForTheDateWithTheTypedFlashTime() {
        when(openings.create(any(), any())).thenReturn(session(9));
        model.template().flashTimeProperty().set("9:30");
        model.createOpening();
        ArgumentCaptor<NewOpening> created = ArgumentCaptor.captor();
        verify(openings).create(created.capture(), eq(staff));
        assertThat(created.getValue().sessionDate()).isEqualTo(TODAY.plusDays(1));
        assertThat(created.getValue().flashTime()).isEqualTo(LocalDateTime.of(TODAY, LocalTime.of(9, 30)));
        assertThat(created.getValue().bookingPass())
                .as("a booking pass is off unless staff turn it on (SPEC)")
                .isFalse();
        assertThat(created.getValue().perUserLimit())
                .as("SPEC's per-student limit")
                .isEqualTo(2);
        assertThat(created.getValue().drawWindowMs())
                .as("no fair draw unless staff turn it on")
                .isZero();
    }

    @Test
    void aFairDrawTurnedOnGoesWithItsWindow() {
        when(openings.create(any(), any())).thenReturn(session(9));
        model.fairDrawProperty().set(true);
        model.drawWindowMsProperty().set(1500);
        model.createOpening();
        ArgumentCaptor<NewOpening> created = ArgumentCaptor.captor();
        verify(openings).create(created.capture(), eq(staff));
        assertThat(created.getValue().drawWindowMs()).isEqualTo(1500);
    }

    @Test
    void aFlashTimeAlreadyPastIsCreatedOnlyWhenTheStaffSaySo() {
        when(openings.create(any(), any())).thenReturn(session(9));
        model.flashDateProperty().set(TODAY);
        model.template().flashTimeProperty().set("0:00");
        notices.answer = false;
        model.createOpening();
        assertThat(notices.questions)
                .singleElement()
                .asString()
                .contains("8 h 0 min ago")
                .contains("open as soon as it is created");
        verify(openings, never()).create(any(), any());

        notices.answer = true;
        model.createOpening();
        verify(openings).create(any(), eq(staff));
    }

    @Test
    void aBadTimeIsRefusedWithAMessageAndNothingIsCreated() {
        model.template().flashTimeProperty().set("one o'clock");
        model.createOpening();
        assertThat(notices.lastFailureMessage()).contains("not a time like 13:00");
        verify(openings, never()).create(any(), any());
    }

    @Test
    void generatingNeedsCourtsAndTurnsYuanIntoCents() {
        when(openings.listByDate(any(), any())).thenReturn(List.of(session(7)));
        model.refresh();
        model.generate();
        assertThat(notices.lastFailureMessage()).isEqualTo("Tick at least one court.");

        model.template().chosenCourts().setAll(model.template().activeCourts());
        model.template().startTimeProperty().set("08:00");
        model.template().endTimeProperty().set("10:00");
        model.template().priceProperty().set("19.5");
        when(slotDesk.generate(eq(7L), any(), any())).thenReturn(List.of(1L, 2L));
        model.generate();
        ArgumentCaptor<SlotTemplate> template = ArgumentCaptor.captor();
        verify(slotDesk).generate(eq(7L), template.capture(), eq(staff));
        assertThat(template.getValue().priceCents()).isEqualTo(1950);
        assertThat(template.getValue().courtIds()).containsExactly(1L);
        assertThat(model.lastResultProperty().get()).isEqualTo("2 slot(s) created.");
    }

    @Test
    void aWeekReportsEachDayIncludingTheOnesThatOverlap() {
        model.refresh();
        model.template().chosenCourts().setAll(model.template().activeCourts());
        model.daysProperty().set(7);
        when(slotDesk.generateDays(any(), eq(7), any(), eq(true), eq(2), any(), any()))
                .thenReturn(List.of(
                        new GeneratedDay(TODAY.plusDays(1), 3L, 14),
                        new GeneratedDay(
                                TODAY.plusDays(2),
                                null,
                                0,
                                new EngineText("slot.overlaps", 1),
                                List.of(new EngineText(
                                        "slot.overlapItem",
                                        "A",
                                        LocalTime.of(8, 0),
                                        LocalTime.of(9, 0),
                                        LocalTime.of(8, 30),
                                        LocalTime.of(9, 30))))));
        model.generate();
        assertThat(model.lastResultProperty().get())
                .contains("2026-11-23: 14 slot(s) created")
                .contains("2026-11-24: not created — 1 slot(s) would overlap existing slots; nothing was created.\n"
                        + "  • court 'A' 08:00-09:00 overlaps its slot 08:30-09:30");
    }

    @Test
    void withdrawingAndEditingASlotGoThroughTheServicesAsTheConsolesStaff() {
        SlotRow row = new SlotRow(11, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 2, 1, 2000, true, null);
        when(withdrawal.withdraw(11, "broken net", staff)).thenReturn(new WithdrawalImpact(11, 0, 0));
        model.withdraw(row, "broken net");
        verify(withdrawal).withdraw(11, "broken net", staff);
        model.editSlot(row, "3", "25");
        verify(slotDesk).update(11, 3, 2500, staff);
        model.editSlot(row, "zero", "25");
        assertThat(notices.lastFailureMessage()).contains("whole number from 1 to 1000");
    }

    @Test
    void withdrawingASlotNamesItSaysWhatFollowsAndTakesTheReasonTyped() {
        when(openings.listByDate(any(), any())).thenReturn(List.of(session(4)));
        model.refresh();
        SlotRow row = new SlotRow(11, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 2, 1, 2000, true, null);
        when(withdrawal.impact(11)).thenReturn(new WithdrawalImpact(11, 1, 1));
        when(withdrawal.withdraw(11, "broken net", staff)).thenReturn(new WithdrawalImpact(11, 1, 1));
        notices.reason = "  broken net ";

        model.askWithdraw(row);

        Destructive asked = notices.lastStep();
        assertThat(asked.target()).isEqualTo("A, " + TODAY.plusDays(1) + " 08:00–09:00");
        assertThat(asked.consequence()).contains("1 unpaid reservation(s) are cancelled and 1 paid one(s) refunded");
        assertThat(asked.needsReason()).isTrue();
        verify(withdrawal).withdraw(11, "broken net", staff);
        // then it says which slot went and what became of its bookings, not just "saved"
        assertThat(notices.infos)
                .last()
                .isEqualTo("A, " + TODAY.plusDays(1)
                        + " 08:00–09:00 withdrawn: 1 unpaid reservation(s) cancelled, 1 paid one(s) refunded.");
    }

    @Test
    void closingAnOpeningNamesItAndThePlacesLeftUnsoldAndDoesNothingWhenStaffStepBack() {
        when(openings.listByDate(any(), any())).thenReturn(List.of(session(4)));
        model.refresh();
        model.slots()
                .setAll(
                        new SlotRow(11, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 4, 1, 2000, true, null),
                        new SlotRow(12, "A", LocalTime.of(9, 0), LocalTime.of(10, 0), 4, 0, 2000, false, null));
        notices.answer = false;

        model.close();

        Destructive asked = notices.lastStep();
        assertThat(asked.target())
                .isEqualTo("Opening #4: play date " + TODAY.plusDays(1) + ", opens " + TODAY + " 13:00");
        assertThat(asked.consequence()).startsWith("Students can no longer reserve in it: 3 places still free");
        verify(openings, never()).close(anyLong(), any());

        notices.answer = true;
        model.close();
        verify(openings).close(4, staff);
    }

    @Test
    void aSlotWithEveryPlaceBookedReadsSoldOutNotOnSale() {
        assertThat(new SlotRow(1, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 2, 2, 2000, true, null).stateKey())
                .isEqualTo("rush.soldOut");
        assertThat(new SlotRow(1, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 2, 1, 2000, true, null).stateKey())
                .isEqualTo("openings.onSale");
        assertThat(new SlotRow(1, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 2, 2, 2000, false, null).stateKey())
                .isEqualTo("openings.withdrawn");
        assertThat(new SlotRow(1, "A", LocalTime.of(19, 0), LocalTime.of(20, 0), 2, 0, 2000, false, "PE 101")
                        .state(I18n.of(I18n.ENGLISH)))
                .isEqualTo("Held for PE 101 (class or team)");
    }

    @Test
    void aSlotOnSaleIsWithdrawnAWithdrawnOnePutBackAndAHeldOneNeither() {
        SlotRow onSale = new SlotRow(1, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 2, 0, 2000, true, null);
        SlotRow withdrawn = new SlotRow(2, "A", LocalTime.of(9, 0), LocalTime.of(10, 0), 2, 0, 2000, false, null);
        SlotRow held = new SlotRow(3, "A", LocalTime.of(19, 0), LocalTime.of(20, 0), 2, 0, 2000, false, "PE 101");
        assertThat(List.of(onSale, withdrawn, held))
                .extracting(SlotRow::canWithdraw, SlotRow::canPutOnSale)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(true, false),
                        org.assertj.core.groups.Tuple.tuple(false, true),
                        org.assertj.core.groups.Tuple.tuple(false, false));
    }

    @Test
    void aNewOpeningIsSelectedOnceCreated() {
        when(openings.listByDate(any(), any())).thenReturn(List.of(session(4)));
        model.refresh();
        assertThat(model.selectedProperty().get().id()).isEqualTo(4);
        OpeningView created = session(9);
        when(openings.create(any(), any())).thenReturn(created);
        when(openings.listByDate(any(), any())).thenReturn(List.of(session(4), created));
        model.template().flashTimeProperty().set("23:59");
        model.flashDateProperty().set(TODAY.plusDays(1));

        model.createOpening();

        assertThat(model.selectedProperty().get().id())
                .as("the opening just created")
                .isEqualTo(9);
    }
}

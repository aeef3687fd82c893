package com.courtrush.desktop.venues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.venue.api.PriceBandForm;
import com.courtrush.venue.api.PriceDays;
import com.courtrush.venue.api.VenuePrices;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A venue's prices at the console (SPEC §21): read when it is picked, bands added from words, saved whole. */
class PricesViewModelTest {

    static final Caller MANAGER = Caller.atDesk(901, "m901", Role.MANAGER);
    static final VenuesViewModel.VenueRow HALL =
            new VenuesViewModel.VenueRow(2, "East hall", "", "08:00–22:00", "Badminton", true);
    static final PriceBandForm EVENING =
            new PriceBandForm(null, Category.STUDENT, PriceDays.ALL, LocalTime.of(18, 0), LocalTime.of(22, 0), 2000);

    final VenueDesk venues = mock(VenueDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final PricesViewModel model =
            new PricesViewModel(venues, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), MANAGER);

    @Test
    void aPickedVenuesBandsAreShownAndABandTypedInIsSavedWithThem() {
        when(venues.prices(2L)).thenReturn(new VenuePrices(List.of(Category.STUDENT), List.of(EVENING)));
        model.pick(HALL);
        assertThat(model.studentsProperty().get()).isTrue();
        assertThat(model.facultyProperty().get())
                .as("the venue admits students only")
                .isFalse();
        assertThat(model.rows())
                .extracting(PricesViewModel.BandRow::hours, PricesViewModel.BandRow::price)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("18:00–22:00", "¥20.00"));

        model.facultyProperty().set(true);
        model.sportProperty().set("badminton");
        model.categoryProperty().set(Category.FACULTY);
        model.daysProperty().set(PriceDays.WEEKEND);
        model.startsProperty().set("8:00");
        model.endsProperty().set("22:00");
        model.priceProperty().set("35.5");
        model.add();
        assertThat(model.rows()).hasSize(2);
        assertThat(model.rows().get(0).band())
                .as("in order of their start, the sport's code in capitals")
                .isEqualTo(new PriceBandForm(
                        "BADMINTON",
                        Category.FACULTY,
                        PriceDays.WEEKEND,
                        LocalTime.of(8, 0),
                        LocalTime.of(22, 0),
                        3550));

        VenuePrices expected = new VenuePrices(
                List.of(Category.STUDENT, Category.FACULTY),
                List.of(model.rows().get(0).band(), EVENING));
        when(venues.setPrices(MANAGER, 2L, expected)).thenReturn(expected);
        model.save();
        verify(venues).setPrices(MANAGER, 2L, expected);
        assertThat(notices.infos).anyMatch(info -> info.contains("East hall") && info.contains("2"));
    }

    @Test
    void aBandWithoutAPriceOrWithABadTimeIsNotAddedAndStaffAreTold() {
        when(venues.prices(2L)).thenReturn(new VenuePrices(List.of(Category.STUDENT), List.of()));
        model.pick(HALL);
        model.startsProperty().set("18:00");
        model.endsProperty().set("22:00");
        model.add();
        model.priceProperty().set("15");
        model.endsProperty().set("late");
        model.add();
        assertThat(model.rows()).isEmpty();
        assertThat(notices.failures).hasSize(2);
        model.pick(null);
        model.save();
        verify(venues, never()).setPrices(any(), eq(2L), any());
    }
}

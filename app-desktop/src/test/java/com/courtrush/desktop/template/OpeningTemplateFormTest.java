package com.courtrush.desktop.template;

import static com.courtrush.desktop.support.Courts.court;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.slot.api.SlotTemplate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpeningTemplateFormTest {

    final OpeningTemplateForm form = new OpeningTemplateForm(I18n.of(I18n.ENGLISH));

    @Test
    void startsWithSpecsDefaultsAndTheDefaultPriceSetting() {
        form.defaultPriceIs(1850);

        assertThat(form.perUserLimit()).isEqualTo(2);
        assertThat(form.priceProperty().get()).isEqualTo("18.50");
        assertThat(form.flashTime()).isEqualTo(LocalTime.of(13, 0));
    }

    @Test
    void aPriceStaffTypedIsNotReplacedByANewDefault() {
        form.defaultPriceIs(2000);
        form.priceProperty().set("25");

        form.defaultPriceIs(3000);

        assertThat(form.priceProperty().get()).isEqualTo("25");
    }

    @Test
    void anUntouchedPriceFollowsTheDefault() {
        form.defaultPriceIs(2000);

        form.defaultPriceIs(3000);

        assertThat(form.priceProperty().get()).isEqualTo("30.00");
    }

    @Test
    void onlyActiveCourtsAreOfferedAndTicksSurviveANewList() {
        form.courtsAre(List.of(court(1, "A", true), court(2, "Off", false), court(3, "C", true)));
        form.chosenCourts().setAll(form.activeCourts().get(1));

        form.courtsAre(List.of(court(1, "A", true), court(3, "C", true)));

        assertThat(form.activeCourts())
                .extracting(OpeningTemplateForm.CourtChoice::id)
                .containsExactly(1L, 3L);
        assertThat(form.chosenCourts())
                .extracting(OpeningTemplateForm.CourtChoice::id)
                .containsExactly(3L);
    }

    @Test
    void theSlotsAreWhatWasTyped() {
        form.courtsAre(List.of(court(1, "A", true)));
        form.chosenCourts().setAll(form.activeCourts());
        form.startTimeProperty().set("9:00");
        form.endTimeProperty().set("11:00");
        form.durationProperty().set(30);
        form.capacityProperty().set(4);
        form.priceProperty().set("19.5");

        SlotTemplate slots = form.slots();

        assertThat(slots.courtIds()).containsExactly(1L);
        assertThat(slots.startTime()).isEqualTo(LocalTime.of(9, 0));
        assertThat(slots.endTime()).isEqualTo(LocalTime.of(11, 0));
        assertThat(slots.durationMinutes()).isEqualTo(30);
        assertThat(slots.capacity()).isEqualTo(4);
        assertThat(slots.priceCents()).isEqualTo(1950);
    }

    @Test
    void noCourtChosenIsRefusedInWords() {
        form.courtsAre(List.of(court(1, "A", true)));

        assertThatThrownBy(form::slots).isInstanceOf(InputRefused.class).hasMessageContaining("court");
    }

    @Test
    void aRuleWithoutItsOwnPriceShowsTheDefault() {
        form.courtsAre(List.of(court(1, "A", true), court(2, "B", true)));
        form.defaultPriceIs(2000);

        form.fill(LocalTime.of(12, 30), 3, List.of(2L), LocalTime.of(8, 0), LocalTime.of(20, 0), 90, 2, null);

        assertThat(form.flashTimeProperty().get()).isEqualTo("12:30");
        assertThat(form.perUserLimit()).isEqualTo(3);
        assertThat(form.chosenCourts())
                .extracting(OpeningTemplateForm.CourtChoice::name)
                .containsExactly("B");
        assertThat(form.priceProperty().get()).isEqualTo("20.00");
    }
}

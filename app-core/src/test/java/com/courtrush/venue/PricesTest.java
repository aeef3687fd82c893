package com.courtrush.venue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.setting.AppSettings;
import com.courtrush.venue.api.PriceBandForm;
import com.courtrush.venue.api.PriceDays;
import com.courtrush.venue.api.VenuePrices;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a slot costs whom (SPEC §21): the most specific band that covers it, else its own price. */
class PricesTest {

    static final LocalDate SATURDAY = LocalDate.of(2026, 12, 5);
    static final LocalDate MONDAY = LocalDate.of(2026, 12, 7);

    final PriceBandMapper bands = mock(PriceBandMapper.class);
    final VenueMapper venues = mock(VenueMapper.class);
    final AppSettings settings = mock(AppSettings.class);
    final SportMapper sports = mock(SportMapper.class);
    final Prices prices = new Prices(bands, venues, sports, settings, mock(AuditTrail.class));

    PricesTest() {
        Venue hall = new Venue();
        hall.setId(2L);
        hall.setCategories("STUDENT");
        when(venues.selectList(any())).thenReturn(List.of(hall));
        when(venues.selectById(2L)).thenReturn(hall);
        Sport badminton = new Sport();
        badminton.setCode("BADMINTON");
        when(sports.selectList(any())).thenReturn(List.of(badminton));
        when(settings.priceCents(any())).thenAnswer(call -> {
            Integer own = call.getArgument(0);
            return own == null ? 900 : own;
        });
    }

    @Test
    void theMostSpecificBandPricesASlotAndNoneLeavesItsOwnPrice() {
        when(bands.selectList(any()))
                .thenReturn(List.of(
                        band(null, Category.STUDENT, PriceDays.ALL, "08:00", "22:00", 1000),
                        band(null, Category.STUDENT, PriceDays.ALL, "18:00", "22:00", 2000),
                        band(null, Category.STUDENT, PriceDays.WEEKEND, "08:00", "22:00", 2500),
                        band("BADMINTON", Category.STUDENT, PriceDays.ALL, "08:00", "22:00", 3000),
                        band(null, Category.FACULTY, PriceDays.ALL, "08:00", "22:00", 5000)));
        assertThat(price("TENNIS", MONDAY, "10:00", Category.STUDENT))
                .as("all day")
                .isEqualTo(1000);
        assertThat(price("TENNIS", MONDAY, "18:00", Category.STUDENT))
                .as("the shorter evening")
                .isEqualTo(2000);
        assertThat(price("TENNIS", MONDAY, "17:59", Category.STUDENT))
                .as("before the evening")
                .isEqualTo(1000);
        assertThat(price("TENNIS", SATURDAY, "18:00", Category.STUDENT))
                .as("the weekend's")
                .isEqualTo(2500);
        assertThat(price("BADMINTON", SATURDAY, "18:00", Category.STUDENT))
                .as("its sport's")
                .isEqualTo(3000);
        assertThat(price("TENNIS", MONDAY, "10:00", Category.FACULTY))
                .as("another category")
                .isEqualTo(5000);
        assertThat(price("TENNIS", MONDAY, "22:00", Category.STUDENT))
                .as("past every band: its own")
                .isEqualTo(1200);
        assertThat(prices.priceOf(9L, "TENNIS", MONDAY, LocalTime.of(10, 0), null, Category.STUDENT))
                .as("a venue without bands, a slot without a price: the gym's default")
                .isEqualTo(900);
        assertThat(prices.pricesOf(2L, "TENNIS", MONDAY, LocalTime.of(10, 0), 1200))
                .as("only the categories the venue admits")
                .isEqualTo(Map.of(Category.STUDENT, 1000));
        assertThat(prices.admits(2L, Category.FACULTY)).isFalse();
        assertThat(prices.admits(9L, Category.FACULTY))
                .as("a venue not read yet admits everyone")
                .isTrue();
    }

    @Test
    void twoBandsOfOneKindThatOverlapAreRefusedWhole() {
        VenuePrices overlapping = new VenuePrices(
                List.of(Category.STUDENT),
                List.of(
                        form(null, Category.STUDENT, PriceDays.ALL, "08:00", "19:00", 1000),
                        form(null, Category.STUDENT, PriceDays.ALL, "18:00", "22:00", 2000)));
        assertThatThrownBy(() -> prices.set(2L, overlapping, Caller.admin()))
                .isInstanceOf(CourtRushException.class)
                .extracting("key")
                .isEqualTo("price.overlap");
        VenuePrices unknownSport = new VenuePrices(
                List.of(Category.STUDENT),
                List.of(form("CURLING", Category.STUDENT, PriceDays.ALL, "08:00", "09:00", 1)));
        assertThatThrownBy(() -> prices.set(2L, unknownSport, Caller.admin()))
                .extracting("key")
                .isEqualTo("sport.unknown");
        VenuePrices nobody = new VenuePrices(List.of(), List.of());
        assertThatThrownBy(() -> prices.set(2L, nobody, Caller.admin()))
                .extracting("key")
                .isEqualTo("price.categories");
        verify(bands, never()).delete(any());
    }

    private int price(String sport, LocalDate date, String start, Category category) {
        return prices.priceOf(2L, sport, date, LocalTime.parse(start), 1200, category);
    }

    private static PriceBand band(
            String sport, Category category, PriceDays days, String from, String until, int cents) {
        return PriceBand.of(2L, form(sport, category, days, from, until, cents));
    }

    private static PriceBandForm form(
            String sport, Category category, PriceDays days, String from, String until, int cents) {
        return new PriceBandForm(sport, category, days, LocalTime.parse(from), LocalTime.parse(until), cents);
    }
}

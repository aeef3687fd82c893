package com.courtrush.share;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.share.api.Holding;
import com.courtrush.share.api.SharePlace;
import com.courtrush.share.api.ShareRules;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The database's side of the fair share (SPEC §16) with sports (SPEC §21): a day's and a week's share per sport. */
class ShareCheckTest {

    static final LocalDate TUESDAY = LocalDate.of(2026, 12, 1);
    static final ShareRules TABLE_TENNIS_ONE_A_DAY =
            new ShareRules(2, 3, true, Map.of("TABLE_TENNIS", new ShareRules.SportShare(1, 3)));

    @Test
    void aSportsDayShareCountsOnlyThatSport() {
        List<Holding> held = List.of(at(18, "BADMINTON"), at(20, "BADMINTON"));

        assertThat(ShareCheck.refusal(held, place(19, "TABLE_TENNIS"), TABLE_TENNIS_ONE_A_DAY))
                .as("two badminton games do not use table tennis's share")
                .isEmpty();
        assertThat(ShareCheck.refusal(held, place(16, "BADMINTON"), TABLE_TENNIS_ONE_A_DAY))
                .hasValueSatisfying(refusal -> assertThat(refusal.rule()).isEqualTo(ShareCheck.Rule.DAY));
        assertThat(ShareCheck.refusal(
                        List.of(at(18, "TABLE_TENNIS")), place(20, "TABLE_TENNIS"), TABLE_TENNIS_ONE_A_DAY))
                .as("table tennis's own share: one a day")
                .hasValueSatisfying(refusal -> assertThat(refusal.rule()).isEqualTo(ShareCheck.Rule.DAY));
    }

    @Test
    void onePlaceAtATimeHoldsAcrossSports() {
        assertThat(ShareCheck.refusal(List.of(at(18, "BADMINTON")), place(18, "TABLE_TENNIS"), TABLE_TENNIS_ONE_A_DAY))
                .hasValueSatisfying(refusal -> assertThat(refusal.rule()).isEqualTo(ShareCheck.Rule.SAME_TIME));
    }

    @Test
    void theRulesArgumentNamesEachSportWithItsOwnShare() {
        assertThat(TABLE_TENNIS_ONE_A_DAY.arg()).isEqualTo("2,3,1;TABLE_TENNIS,1,3");
        assertThat(new ShareRules(2, 0, true).arg()).isEqualTo("2,0,1");
        assertThat(place(18, "TABLE_TENNIS").arg()).endsWith(",TABLE_TENNIS");
        assertThat(place(18, "BADMINTON").arg()).doesNotContain("BADMINTON");
        assertThat(at(18, "TABLE_TENNIS").entry()).startsWith("b9,9/TABLE_TENNIS,");
        assertThat(at(18, "BADMINTON").entry()).startsWith("b9,9,");
        assertThat(Shares.Place.booked(7, 3, 9, place(18, "TABLE_TENNIS")).entry())
                .as("as the consumer tells other openings")
                .isEqualTo(at(18, "TABLE_TENNIS").entry());
    }

    private static SharePlace place(int hour, String sport) {
        return SharePlace.of(TUESDAY, LocalTime.of(hour, 0), LocalTime.of(hour + 1, 0), sport);
    }

    private static Holding at(int hour, String sport) {
        return new Holding(
                7, 0, 9, 3, "Court 1", TUESDAY, LocalTime.of(hour, 0), LocalTime.of(hour + 1, 0), false, sport);
    }
}

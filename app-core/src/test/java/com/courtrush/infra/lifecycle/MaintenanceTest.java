package com.courtrush.infra.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.MovingClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Issue 80: a node's maintenance has a kind. An upgrade announced lapses at its end (a node not stopped after all
 * serves again by itself); a compaction lasts until it is ended, its end being only the latest it was said to take;
 * one maintenance at a time, and ending one kind leaves the other.
 */
class MaintenanceTest {

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-30T02:00:00Z"));
    final Maintenance maintenance = new Maintenance(clock);

    @Test
    void anUpgradeAnnouncedLapsesAtItsEndAndACompactionLastsUntilEnded() {
        assertThat(maintenance.begin(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(20)))
                .isTrue();
        assertThat(maintenance.begin(Maintenance.Kind.COMPACTION, "compacting", Duration.ofSeconds(15)))
                .as("one maintenance at a time")
                .isFalse();
        assertThat(maintenance.end(Maintenance.Kind.COMPACTION))
                .as("not the kind under way")
                .isEmpty();
        clock.move(Duration.ofMinutes(19));
        assertThat(maintenance.now()).hasValueSatisfying(window -> {
            assertThat(window.kind()).isEqualTo(Maintenance.Kind.UPGRADE);
            assertThat(window.until()).isEqualTo(Instant.parse("2026-11-30T02:20:00Z"));
        });
        clock.move(Duration.ofMinutes(1));
        assertThat(maintenance.now()).as("the upgrade's time is up").isEmpty();

        assertThat(maintenance.begin(Maintenance.Kind.COMPACTION, "compacting", Duration.ofSeconds(15)))
                .isTrue();
        clock.move(Duration.ofMinutes(1));
        assertThat(maintenance.now())
                .as("a compaction past the time it was said to take: the database is still closed")
                .hasValueSatisfying(window -> assertThat(window.kind()).isEqualTo(Maintenance.Kind.COMPACTION));
        assertThat(maintenance.end(Maintenance.Kind.UPGRADE)).isEmpty();
        assertThat(maintenance.end(Maintenance.Kind.COMPACTION)).isPresent();
        assertThat(maintenance.now()).isEmpty();
    }

    /** An upgrade announced again renews its window in one step; never over a compaction. */
    @Test
    void anUpgradeAnnouncedAgainIsRenewedAndNeverOverACompaction() {
        assertThat(maintenance.beginOrRenew(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(5)))
                .isTrue();
        assertThat(maintenance.upgrading()).isTrue();
        clock.move(Duration.ofMinutes(4));
        assertThat(maintenance.beginOrRenew(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(5)))
                .isTrue();
        clock.move(Duration.ofMinutes(4));
        assertThat(maintenance.upgrading())
                .as("renewed: 9 of 4 + 5 minutes gone")
                .isTrue();
        maintenance.end(Maintenance.Kind.UPGRADE);
        assertThat(maintenance.upgrading()).isFalse();

        maintenance.begin(Maintenance.Kind.COMPACTION, "compacting", Duration.ofSeconds(15));
        assertThat(maintenance.beginOrRenew(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(5)))
                .isFalse();
        assertThat(maintenance.upgrading()).isFalse();
    }
}

package com.courtrush.retention;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Callers told of the night's compaction are told to come back when it will be over, not a fixed minute later. */
class FileCompactionTest {

    @Test
    void theMaintenanceIsSaidToLastTheDrainAndTheCompactionOfTheFile() {
        assertThat(FileCompaction.saidToLast(24L << 20)).isEqualTo(Duration.ofSeconds(15));
        assertThat(FileCompaction.saidToLast(2L << 30)).isEqualTo(Duration.ofSeconds(18));
    }
}

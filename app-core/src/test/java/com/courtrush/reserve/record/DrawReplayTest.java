package com.courtrush.reserve.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Digests;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrawReplayTest {

    static final String SECRET = "00112233445566778899aabbccddeeff";

    @Test
    void eachInTheSecretsOrderTakesTheFirstSlotLeftNeverOneHeldNorBeyondTheLimitAndAnExpiredEntryIsSkipped() {
        List<DrawReplay.Entry> entries = List.of(
                new DrawReplay.Entry("a1", List.of("7", "8"), 0, List.of(), false),
                new DrawReplay.Entry("b2", List.of("7", "8"), 0, List.of("7"), false),
                new DrawReplay.Entry("c3", List.of("7"), 1, List.of(), false),
                new DrawReplay.Entry("d4", List.of("8"), 0, List.of(), true),
                new DrawReplay.Entry("e5", List.of("8", "7"), 0, List.of(), false));
        DrawReplay.Publication record = record(true, entries, List.of());
        List<DrawReplay.Winner> winners = DrawReplay.replay(record);

        // by hand: the order is by SHA-1(secret:digest:id); slot 7 has one place, slot 8 one
        String digest = DrawReplay.digest(entries);
        List<String> order = new ArrayList<>(List.of("a1", "b2", "c3", "d4", "e5"));
        order.sort((x, y) -> DrawReplay.orderKey(SECRET, digest, x).compareTo(DrawReplay.orderKey(SECRET, digest, y)));
        Map<String, Integer> left = new LinkedHashMap<>(Map.of("7", 1, "8", 1));
        List<DrawReplay.Winner> expected = new ArrayList<>();
        for (String id : order) {
            DrawReplay.Entry entry =
                    entries.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
            if (entry.expired() || entry.held() >= 1) {
                continue; // d4 expired; c3 holds the limit already
            }
            for (String slot : entry.wants()) {
                if (left.get(slot) > 0 && !entry.taken().contains(slot)) {
                    left.put(slot, left.get(slot) - 1);
                    expected.add(new DrawReplay.Winner(id, slot));
                    break;
                }
            }
        }
        assertThat(winners).isEqualTo(expected).hasSize(2);
        assertThat(winners).extracting(DrawReplay.Winner::id).doesNotContain("c3", "d4");
        assertThat(DrawReplay.verify(record(true, entries, winners)).holds()).isTrue();
    }

    @Test
    void aClosedOpeningDrawsNobodyAndAChangedEntryOrResultIsFound() {
        List<DrawReplay.Entry> entries = List.of(new DrawReplay.Entry("a1", List.of("7"), 0, List.of(), false));
        assertThat(DrawReplay.replay(record(false, entries, List.of()))).isEmpty();

        DrawReplay.Publication honest = record(true, entries, List.of(new DrawReplay.Winner("a1", "7")));
        assertThat(DrawReplay.verify(honest).holds()).isTrue();
        DrawReplay.Publication otherResult = record(true, entries, List.of(new DrawReplay.Winner("z9", "7")));
        assertThat(DrawReplay.verify(otherResult).winnersMatch()).isFalse();
        DrawReplay.Publication changedEntries = new DrawReplay.Publication(
                1,
                5,
                honest.commitment(),
                SECRET,
                true,
                1,
                honest.places(),
                honest.digest(),
                List.of(new DrawReplay.Entry("a1", List.of("8", "7"), 0, List.of(), false)),
                honest.winners());
        assertThat(DrawReplay.verify(changedEntries).digestHolds()).isFalse();
    }

    private static DrawReplay.Publication record(
            boolean open, List<DrawReplay.Entry> entries, List<DrawReplay.Winner> winners) {
        Map<String, Integer> places = new LinkedHashMap<>();
        places.put("7", 1);
        places.put("8", 1);
        return new DrawReplay.Publication(
                1, 5, Digests.sha256Hex(SECRET), SECRET, open, 1, places, DrawReplay.digest(entries), entries, winners);
    }
}

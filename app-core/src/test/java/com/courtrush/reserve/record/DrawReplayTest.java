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

    /** docs/fair-draw.md's worked example, as an outsider would check it: every value printed there. */
    @Test
    void theWorkedExampleOfTheDocumentHoldsValueForValue() {
        String a = DrawReplay.pseudonym(7, 101);
        String b = DrawReplay.pseudonym(7, 102);
        String c = DrawReplay.pseudonym(7, 103);
        String d = DrawReplay.pseudonym(7, 104);
        assertThat(List.of(a, b, c, d))
                .containsExactly(
                        "89d376acd54fc9b5b23f65a9733b0ef32f2bec1a",
                        "4cb261a792c90e9d142e267a055a4192db9b340c",
                        "402c9e5f6c58018f61790bba7be42f3d778e302a",
                        "9853b34a36a99d79dcf5d367b079dbcc73330eef");
        List<DrawReplay.Entry> entries = List.of(
                new DrawReplay.Entry(a, List.of("31", "32"), 0, List.of(), false),
                new DrawReplay.Entry(b, List.of("31"), 0, List.of(), false),
                new DrawReplay.Entry(c, List.of("32", "31"), 1, List.of(), false),
                new DrawReplay.Entry(d, List.of("32"), 0, List.of(), true));
        String commitment = "5947d7c33d783f94b3b4c1a96ebc8991ed28f1b069b71e03376cba8caa98a720";
        assertThat(Digests.sha256Hex(SECRET))
                .as("SHA-256 of the secret's 32 hex characters")
                .isEqualTo(commitment);
        String digest = "dd69b8cd06661adade9a4c0c374896fabca4d449";
        assertThat(DrawReplay.digest(entries)).isEqualTo(digest);
        assertThat(DrawReplay.orderKey(SECRET, digest, b)).isEqualTo("5ef9179cb08131df98947b47cdd438ed618ce27b");
        assertThat(DrawReplay.orderKey(SECRET, digest, a)).isEqualTo("847e3d59da55e084bf7a56b15543b6e89dab9418");
        List<DrawReplay.Winner> winners = List.of(new DrawReplay.Winner(b, "31"), new DrawReplay.Winner(a, "32"));
        Map<String, Integer> places = new LinkedHashMap<>();
        places.put("31", 1);
        places.put("32", 1);
        DrawReplay.Verdict verdict = DrawReplay.verify(
                new DrawReplay.Publication(1, 7, commitment, SECRET, true, 1, places, digest, entries, winners));
        assertThat(verdict.holds()).isTrue();
        assertThat(verdict.winners()).containsExactlyElementsOf(winners);
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

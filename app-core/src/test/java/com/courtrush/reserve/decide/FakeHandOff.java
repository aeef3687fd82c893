package com.courtrush.reserve.decide;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Recording's door in memory: grants handed over are kept in order and confirmed at once, or refused as a broker's
 * NACK is (the grant fails), or left waiting for a confirm the test gives; grants answered too late are kept apart.
 */
final class FakeHandOff implements GrantHandOff {

    enum Broker {
        CONFIRMS,
        REFUSES,
        WAITS
    }

    private final List<ReserveMessage> handed = new ArrayList<>();
    private final List<ReserveMessage> tooLate = new ArrayList<>();
    private final List<Waiting> waiting = new ArrayList<>();

    private record Waiting(ReserveMessage grant, CompletableFuture<String> confirm) {}

    private Broker broker = Broker.CONFIRMS;

    void broker(Broker now) {
        broker = now;
    }

    List<ReserveMessage> handed() {
        return List.copyOf(handed);
    }

    List<ReserveMessage> tooLate() {
        return List.copyOf(tooLate);
    }

    /** The broker confirms every grant waiting. */
    void confirmWaiting() {
        waiting.forEach(w -> w.confirm().complete(w.grant().traceId()));
        waiting.clear();
    }

    @Override
    public CompletableFuture<String> dispatch(ReserveMessage grant) {
        handed.add(grant);
        return switch (broker) {
            case CONFIRMS -> CompletableFuture.completedFuture(grant.traceId());
            case REFUSES ->
                CompletableFuture.failedFuture(new CourtRushException(Outcome.FAILED, "reserve.publishRefused"));
            case WAITS -> {
                CompletableFuture<String> confirm = new CompletableFuture<>();
                waiting.add(new Waiting(grant, confirm));
                yield confirm;
            }
        };
    }

    @Override
    public void answeredTooLate(ReserveMessage grant) {
        tooLate.add(grant);
    }
}

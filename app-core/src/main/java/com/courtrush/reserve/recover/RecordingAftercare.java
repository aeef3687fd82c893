package com.courtrush.reserve.recover;

import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.record.RecordingFollowUp;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.List;
import org.springframework.stereotype.Component;

/** Recovery's side of what recording hands on: in-flight entries, compensation, the dead-letter log. */
@Component
class RecordingAftercare implements RecordingFollowUp {

    private final StockReleaser releaser;
    private final TraceCompensator compensator;
    private final DeadLetterLog deadLetters;

    RecordingAftercare(StockReleaser releaser, TraceCompensator compensator, DeadLetterLog deadLetters) {
        this.releaser = releaser;
        this.compensator = compensator;
        this.deadLetters = deadLetters;
    }

    @Override
    public void recorded(List<ReserveMessage> grants) {
        releaser.recorded(grants);
    }

    @Override
    public void alreadyRecorded(ReserveMessage grant) {
        releaser.forget(grant);
    }

    @Override
    public void refused(ReserveMessage grant, Outcome refusal, EngineText reason) {
        compensator.refusedByDatabase(grant, refusal, reason);
    }

    @Override
    public void failed(ReserveMessage grant, Throwable error) {
        deadLetters.failed(grant, error);
    }
}

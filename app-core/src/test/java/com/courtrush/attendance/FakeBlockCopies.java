package com.courtrush.attendance;

import com.courtrush.reserve.stock.BlockCopies;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** The openings' copies of students' blocks, in memory: what each student's copy was last told, in order. */
final class FakeBlockCopies implements BlockCopies {

    /** One copy told: the student and the end of their block (null: none). */
    record Told(long userId, LocalDateTime until) {}

    private final List<Told> told = new ArrayList<>();

    @Override
    public synchronized void changed(long userId, LocalDateTime until) {
        told.add(new Told(userId, until));
    }

    synchronized List<Told> told() {
        return List.copyOf(told);
    }
}

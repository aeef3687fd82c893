package com.courtrush.bench;

import java.util.Arrays;

/**
 * One client thread's record of its requests: when each one finished (epoch microseconds), how long
 * it took (microseconds) and what it got. Primitive arrays, so recording costs next to nothing.
 */
final class Samples {

    private long[] doneAt = new long[4096];
    private int[] micros = new int[4096];
    private byte[] answers = new byte[4096];
    private int size;

    void add(long doneAtMicros, long latencyMicros, Answer answer) {
        if (size == doneAt.length) {
            doneAt = Arrays.copyOf(doneAt, size * 2);
            micros = Arrays.copyOf(micros, size * 2);
            answers = Arrays.copyOf(answers, size * 2);
        }
        doneAt[size] = doneAtMicros;
        micros[size] = (int) Math.min(Integer.MAX_VALUE, latencyMicros);
        answers[size] = (byte) answer.ordinal();
        size++;
    }

    int size() {
        return size;
    }

    long doneAt(int i) {
        return doneAt[i];
    }

    int micros(int i) {
        return micros[i];
    }

    Answer answer(int i) {
        return Answer.of(answers[i]);
    }
}

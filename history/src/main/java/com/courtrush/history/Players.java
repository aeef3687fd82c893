package com.courtrush.history;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Who books: students drawn with a weight that falls with their rank (rank<sup>-1/2</sup>), so that a few regulars
 * play most days and most students now and then — in a year of 30,000 students the busiest books about 300 times.
 * Each day keeps the gym's fair share: at most two bookings a student and one at a time.
 */
final class Players {

    private static final int PER_DAY = 2;
    private static final int TRIES = 8;

    private final double[] cumulative;
    private final int[] hoursToday;
    private final byte[] bookedToday;
    private final int[] touched;
    private int touchedCount;
    private final int[] bookings;

    Players(int students) {
        cumulative = new double[students];
        double sum = 0;
        for (int i = 0; i < students; i++) {
            sum += 1 / Math.sqrt(i + 1.0);
            cumulative[i] = sum;
        }
        hoursToday = new int[students];
        bookedToday = new byte[students];
        touched = new int[students];
        bookings = new int[students];
    }

    /** A new day: nobody has booked yet. */
    void newDay() {
        for (int i = 0; i < touchedCount; i++) {
            hoursToday[touched[i]] = 0;
            bookedToday[touched[i]] = 0;
        }
        touchedCount = 0;
    }

    /** A student (their index) who may book the hour today, now counted as booking it; -1 if none was found. */
    int book(SplittableRandom random, int hour) {
        for (int attempt = 0; attempt < TRIES; attempt++) {
            int student = any(random);
            if (bookedToday[student] < PER_DAY && (hoursToday[student] & (1 << hour)) == 0) {
                if (bookedToday[student] == 0) {
                    touched[touchedCount++] = student;
                }
                bookedToday[student]++;
                hoursToday[student] |= 1 << hour;
                bookings[student]++;
                return student;
            }
        }
        return -1;
    }

    /** A place given back: the student's share of the hour is free again. */
    void release(int student, int hour) {
        bookedToday[student]--;
        hoursToday[student] &= ~(1 << hour);
    }

    /** Any student, by weight (a waiter, a partner, someone reminded). */
    int any(SplittableRandom random) {
        double target = random.nextDouble() * cumulative[cumulative.length - 1];
        int found = Arrays.binarySearch(cumulative, target);
        return Math.min(cumulative.length - 1, found >= 0 ? found : -found - 1);
    }

    /** How many bookings the student made. */
    int bookings(int student) {
        return bookings[student];
    }

    /** The {@code n} students who booked most, busiest first. */
    java.util.List<Integer> busiest(int n) {
        return java.util.stream.IntStream.range(0, bookings.length)
                .boxed()
                .sorted(java.util.Comparator.comparingInt(this::bookings).reversed())
                .limit(n)
                .toList();
    }

    /** A typical student: the median of those who booked at least once (the first student when nobody did). */
    int typical() {
        int[] booked = java.util.stream.IntStream.range(0, bookings.length)
                .filter(s -> bookings[s] > 0)
                .boxed()
                .sorted(java.util.Comparator.comparingInt(this::bookings))
                .mapToInt(Integer::intValue)
                .toArray();
        return booked.length == 0 ? 0 : booked[booked.length / 2];
    }
}

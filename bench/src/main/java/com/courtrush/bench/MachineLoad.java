package com.courtrush.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * How busy the machine was while something was measured, from Linux's {@code /proc}: all its
 * cores' busy time, the time the hypervisor gave to other guests (steal), and the external
 * services' processes (redis-server, RabbitMQ, MariaDB/MySQL) by name. What is left after the
 * server, its embedded redis-server and the bench is the load of other processes: a run that had
 * them is noisy, and says so. Zeros where there is no {@code /proc}.
 */
final class MachineLoad {

    /** Clock ticks per second of {@code /proc/stat} (USER_HZ; 100 on every Linux build that matters). */
    static final double TICKS_PER_SECOND = 100;
    /** Past this many cores of other processes and steal together, a run is called noisy. */
    static final double NOISY_CORES = 0.15;

    private static final Set<String> SERVICES = Set.of("redis-server", "beam.smp", "mariadbd", "mysqld");

    private MachineLoad() {}

    /** Cumulative ticks at one moment. */
    record Sample(long busyTicks, long stealTicks, long serviceTicks, long atNanos) {}

    /** Read now. */
    static Sample now() {
        long busy = 0;
        long steal = 0;
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
            if (!lines.isEmpty() && lines.get(0).startsWith("cpu ")) {
                long[] t = parseTicks(lines.get(0));
                // user nice system idle iowait irq softirq steal (guest time is inside user)
                busy = t[0] + t[1] + t[2] + t[5] + t[6];
                steal = t[7];
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: the run says the machine's load is unknown (zeros)
        }
        return new Sample(busy, steal, serviceTicks(), System.nanoTime());
    }

    static long[] parseTicks(String cpuLine) {
        String[] fields = cpuLine.trim().split("\\s+");
        long[] ticks = new long[10];
        for (int i = 1; i < fields.length && i <= ticks.length; i++) {
            ticks[i - 1] = Long.parseLong(fields[i]);
        }
        return ticks;
    }

    /** utime + stime of every process named as an external service, in ticks. */
    private static long serviceTicks() {
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes
                    .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .mapToLong(MachineLoad::ticksIfService)
                    .sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long ticksIfService(Path process) {
        try {
            return ticksIfService(Files.readString(process.resolve("stat")));
        } catch (IOException | RuntimeException e) {
            return 0; // the process ended meanwhile
        }
    }

    /** From a {@code /proc/<pid>/stat} line: its utime + stime when its name is a service's, else 0. */
    static long ticksIfService(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open || !SERVICES.contains(stat.substring(open + 1, close))) {
            return 0;
        }
        String[] after = stat.substring(close + 2).split(" ");
        // after the name: state(0) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(11)
        // stime(12)
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }

    /**
     * The machine between two samples, in cores.
     *
     * @param ownCpuSeconds CPU of the server(s), their embedded redis-server and the bench in that time
     * @param external      whether the services run beside the server (external stack) rather than inside it
     */
    static Report.MachineUse between(Sample from, Sample to, double ownCpuSeconds, boolean external) {
        double seconds = (to.atNanos() - from.atNanos()) / 1e9;
        if (seconds <= 0) {
            return new Report.MachineUse(0, 0, 0, 0, false);
        }
        double busy = (to.busyTicks() - from.busyTicks()) / TICKS_PER_SECOND / seconds;
        double steal = (to.stealTicks() - from.stealTicks()) / TICKS_PER_SECOND / seconds;
        // on the embedded stack the server's redis-server is counted in ownCpuSeconds already
        double services = external ? (to.serviceTicks() - from.serviceTicks()) / TICKS_PER_SECOND / seconds : 0;
        double others = Math.max(0, busy - ownCpuSeconds / seconds - services);
        return new Report.MachineUse(busy, steal, services, others, others + steal > NOISY_CORES);
    }
}

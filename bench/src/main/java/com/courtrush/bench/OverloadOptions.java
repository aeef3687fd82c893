package com.courtrush.bench;

import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The rush past the node's capacity ({@code --overload}, {@link OverloadRun}). */
final class OverloadOptions {

    @Option(
            names = "--overload",
            defaultValue = "0",
            description = "the rush past the node's capacity: this many times --clients (2 to 32, at most 1024 in all)"
                    + " fired while busy loops take every core, no rehearsal; prints the share of 503, the answers'"
                    + " latency, health during the crowd and the seconds until it reads UP after (default off)")
    int factor;

    /** --clients as given, before the factor multiplied it (0 until applied). */
    private int clientsGiven;

    boolean on() {
        return factor > 0;
    }

    /** Checks the factor against the rest of the command and multiplies the bench's clients by it. */
    void apply(FlashBench bench) {
        clientsGiven = bench.clients;
        if (factor == 0) {
            return;
        }
        if (factor < 2 || factor > 32 || bench.mix || bench.growth || bench.nodes > 1) {
            throw new CommandLine.ParameterException(
                    new CommandLine(bench), "--overload is 2 to 32, on one node, not with --mix or --growth.");
        }
        bench.clients = Math.min(1024, bench.clients * factor);
        bench.warmUpSeconds = 0; // no rehearsal: the crowd meets the server as it is
    }

    /** The clients the set-up signs students in with: those given, not the multiplied crowd. */
    int clientsGiven(int clients) {
        return clientsGiven > 0 ? clientsGiven : clients;
    }

    String commandLine(FlashBench bench) {
        return "java -jar bench/target/bench.jar --overload " + factor + (bench.external ? " --external" : "")
                + String.format(
                        Locale.ROOT,
                        " --students %d --slots %d --capacity %d --clients %d",
                        bench.students,
                        bench.slots,
                        bench.capacity,
                        clientsGiven);
    }
}

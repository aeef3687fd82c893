package com.courtrush.bench;

import java.util.Locale;
import picocli.CommandLine.Option;

/** The students' mix's options ({@code --mix}): its crowd, how they sign in and what they do. */
final class MixOptions {

    @Option(
            names = "--mix-students",
            defaultValue = "2000",
            description = "students of the mix (default ${DEFAULT-VALUE})")
    int mixStudents;

    @Option(
            names = "--mix-clients",
            defaultValue = "128",
            description = "client threads of the mix: requests wait for"
                    + " one, as a phone waits for the server (default ${DEFAULT-VALUE})")
    int mixClients;

    @Option(
            names = "--sign-in",
            defaultValue = "bcrypt",
            description = "with --mix: how students sign in — bcrypt (a password the engine keeps, hashed at its"
                    + " real cost) or ldap (an LDAP directory the bench starts in a process of its own checks it;"
                    + " the engine keeps none) (default ${DEFAULT-VALUE})")
    String signInWay;

    boolean signInByLdap() {
        return signInWay.equals("ldap");
    }

    @Option(
            names = "--sign-in-rate",
            defaultValue = "0",
            description =
                    "the storm's sign-ins per second (default: 1.2 x" + " the hashing pool's rate measured first)")
    double signInRate;

    @Option(
            names = "--wrong-passwords",
            defaultValue = "0.05",
            description = "share of sign-ins with a wrong password" + " first (default ${DEFAULT-VALUE})")
    double wrongPasswords;

    @Option(
            names = "--early",
            defaultValue = "0.1",
            description = "share of students whose tap is a script firing"
                    + " before the flash time (default ${DEFAULT-VALUE})")
    double earlyShare;

    @Option(names = "--pay", defaultValue = "0.4", description = "share of winners who pay (default ${DEFAULT-VALUE})")
    double payShare;

    @Option(
            names = "--mine",
            defaultValue = "0.25",
            description = "share of students of the mix who go to My bookings once their tap's result settles, and"
                    + " follow it there (the badge every 4-7 s) (default ${DEFAULT-VALUE})")
    double mineShare;

    @Option(
            names = "--check-in-sheets",
            defaultValue = "40",
            description = "students of the mix (the first winners) who keep a check-in sheet open, asked every 2-3 s"
                    + " (default ${DEFAULT-VALUE}: ten courts of four checking in for the hour)")
    int checkInSheets;

    String commandLine(FlashBench bench) {
        return "java -jar bench/target/bench.jar --mix" + (bench.external ? " --external" : "")
                + String.format(
                        Locale.ROOT,
                        " --mix-students %d --slots %d --capacity %d --mix-clients %d",
                        mixStudents,
                        bench.slots,
                        bench.capacity,
                        mixClients);
    }
}

package com.courtrush.bench;

import java.util.Locale;
import picocli.CommandLine.Option;

/** The history the growth bench ({@code --growth}) writes into the database before its second day. */
final class GrowthOptions {

    @Option(
            names = "--history-days",
            defaultValue = "365",
            description = "days of history of --growth (default ${DEFAULT-VALUE}; 730 for two years)")
    int days;

    @Option(
            names = "--history-courts",
            defaultValue = "40",
            description = "courts of that history, hourly slots 08:00-22:00 (default ${DEFAULT-VALUE})")
    int courts;

    @Option(
            names = "--history-students",
            defaultValue = "30000",
            description = "students of that history (default ${DEFAULT-VALUE})")
    int students;

    @Option(
            names = "--growth-database",
            defaultValue = "courtrush_growth",
            description = "with --growth --external: the database each phase makes anew on the MySQL/MariaDB server of"
                    + " --mysql-url (default ${DEFAULT-VALUE})")
    String database;

    @Option(
            names = "--growth-explain-over",
            defaultValue = "1.5",
            description = "with --growth --external: explain the statements of every request whose year costs more than"
                    + " this many times its first days (default ${DEFAULT-VALUE}; 0 explains them all)")
    double explainOver;

    String commandLine(boolean external) {
        return "java -jar bench/target/bench.jar --growth" + (external ? " --external" : "")
                + String.format(
                        Locale.ROOT,
                        " --history-days %d --history-courts %d --history-students %d",
                        days,
                        courts,
                        students);
    }
}

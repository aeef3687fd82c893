import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a run's time went (issue 71): each module's time from Maven's reactor summary in the build's log, and the
 * test classes from every surefire and failsafe report under the modules — how many tests each module ran, and the
 * slowest classes. Run by .ci/run after the build, with the JDK alone: {@code java .ci/TestTimes.java <maven log>
 * <total seconds>}.
 */
public class TestTimes {

    private static final Pattern SUITE_ANY_ORDER = Pattern.compile("<testsuite\\s[^>]*>", Pattern.DOTALL);
    private static final Pattern REACTOR =
            Pattern.compile("\\[INFO\\] (.+?) \\.{2,}\\s*(SUCCESS|FAILURE|SKIPPED)\\s*\\[\\s*([0-9:.]+)\\s*(min|s|h)?\\s*\\]");

    private static final Pattern FAILED_CASE = Pattern.compile(
            "<testcase\\s[^>]*?name=\"([^\"]*)\"[^>]*?classname=\"([^\"]*)\"[^>]*>\\s*<(failure|error)(?:\\s[^>]*?message=\"([^\"]*)\")?",
            Pattern.DOTALL);
    private static final Pattern SUMMARY_FAILURE =
            Pattern.compile("<failureMessage>(.*?)</failureMessage>", Pattern.DOTALL);

    record Suite(String module, String name, double seconds, int tests, int skipped, int failed, List<String> cases) {}

    public static void main(String[] args) throws IOException {
        Path log = Path.of(args[0]);
        long total = args.length > 1 ? Long.parseLong(args[1]) : -1;
        List<Suite> suites = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("."))) {
            for (Path report : files.filter(TestTimes::isReport).toList()) {
                Suite suite = read(report);
                if (suite != null) {
                    suites.add(suite);
                }
            }
        }
        System.out.println();
        System.out.println("=== Where this run's time went ===");
        if (total >= 0) {
            System.out.printf(Locale.ROOT, "total: %d:%02d%n", total / 60, total % 60);
        }
        if (Files.exists(log)) {
            Matcher module = REACTOR.matcher(Files.readString(log));
            while (module.find()) {
                System.out.printf(Locale.ROOT, "module %-40s %s %s%n", module.group(1).trim(), module.group(3),
                        module.group(4) == null ? "" : module.group(4));
            }
        }
        Map<String, int[]> byModule = new LinkedHashMap<>();
        for (Suite suite : suites) {
            int[] counts = byModule.computeIfAbsent(suite.module(), key -> new int[4]);
            counts[0]++;
            counts[1] += suite.tests();
            counts[2] += suite.skipped();
            counts[3] += suite.failed();
        }
        byModule.forEach((module, counts) -> System.out.printf(
                Locale.ROOT, "tests of %-22s %4d classes, %5d tests, %d skipped, %d failed%n", module, counts[0],
                counts[1], counts[2], counts[3]));
        // what failed, in one place (a parallel build interleaves the modules' output): each failed test and its
        // message, and a module whose run failed without a failed test (a fork that crashed or timed out)
        suites.stream().flatMap(suite -> suite.cases().stream()).forEach(failed -> System.out.println("FAILED " + failed));
        for (Path summary : summaries()) {
            Matcher message = SUMMARY_FAILURE.matcher(Files.readString(summary));
            if (message.find() && !message.group(1).isBlank()) {
                System.out.println("FAILED run of " + summary.getParent().getParent().getParent().getFileName() + ": "
                        + clip(message.group(1)));
            }
        }
        Map<String, Double> cpu = cpuByClass();
        System.out.println("the ten slowest test classes (seconds; the processor time it took, its JVM's and the"
                + " processes it started):");
        suites.stream()
                .sorted(Comparator.comparingDouble(Suite::seconds).reversed())
                .limit(10)
                .forEach(suite -> System.out.printf(
                        Locale.ROOT, "  %7.1f  %s (%s, %d tests)%s%n", suite.seconds(), shortName(suite.name()),
                        suite.module(), suite.tests(),
                        cpu.containsKey(suite.name()) ? String.format(Locale.ROOT, ", cpu %.0f s", cpu.get(suite.name())) : ""));
        if (!cpu.isEmpty()) {
            System.out.println("the ten test classes that took the most processor time (cpu seconds):");
            cpu.entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                    .limit(10)
                    .forEach(entry -> System.out.printf(
                            Locale.ROOT, "  %7.1f  %s%n", entry.getValue(), shortName(entry.getKey())));
            System.out.printf(Locale.ROOT, "processor time of every test class: %.0f s%n",
                    cpu.values().stream().mapToDouble(Double::doubleValue).sum());
        }
    }

    /** support.ClassCosts' lines (class, wall, cpu) from every module's target/class-costs.csv. */
    private static Map<String, Double> cpuByClass() throws IOException {
        Map<String, Double> cpu = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(Path.of("."), 3)) {
            for (Path file : files.filter(p -> p.getFileName().toString().equals("class-costs.csv")).toList()) {
                for (String line : Files.readAllLines(file)) {
                    String[] fields = line.split(",");
                    if (fields.length == 3 && !fields[2].startsWith("-")) {
                        cpu.merge(fields[0], Double.parseDouble(fields[2]), Double::sum);
                    }
                }
            }
        }
        return cpu;
    }

    private static List<Path> summaries() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("."), 4)) {
            return files.filter(p -> p.getFileName().toString().equals("failsafe-summary.xml")).toList();
        }
    }

    private static String clip(String text) {
        String line = text.replaceAll("&#\\d+;", " ").replace("&quot;", "\"").replace("&apos;", "'")
                .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replaceAll("\\s+", " ").strip();
        return line.length() > 400 ? line.substring(0, 400) + "..." : line;
    }

    private static boolean isReport(Path path) {
        String name = path.getFileName().toString();
        String parent = path.getParent() == null ? "" : path.getParent().getFileName().toString();
        return name.startsWith("TEST-") && name.endsWith(".xml")
                && (parent.equals("surefire-reports") || parent.equals("failsafe-reports"));
    }

    private static Suite read(Path report) throws IOException {
        String xml = Files.readString(report);
        Matcher tag = SUITE_ANY_ORDER.matcher(xml);
        if (!tag.find()) {
            return null;
        }
        String attributes = tag.group();
        String module = report.getParent().getParent().getParent().getFileName().toString()
                + (report.getParent().getFileName().toString().startsWith("failsafe") ? " (IT)" : "");
        List<String> cases = new ArrayList<>();
        Matcher failed = FAILED_CASE.matcher(xml);
        while (failed.find()) {
            cases.add(shortName(failed.group(2)) + "." + failed.group(1) + " (" + failed.group(3) + "): "
                    + clip(failed.group(4) == null ? "" : failed.group(4)));
        }
        return new Suite(
                module,
                attribute(attributes, "name"),
                Double.parseDouble(attribute(attributes, "time").replace(",", "")),
                Integer.parseInt(attribute(attributes, "tests")),
                Integer.parseInt(attribute(attributes, "skipped")),
                Integer.parseInt(attribute(attributes, "failures")) + Integer.parseInt(attribute(attributes, "errors")),
                cases);
    }

    private static String attribute(String tag, String name) {
        Matcher value = Pattern.compile("\\s" + name + "=\"([^\"]*)\"").matcher(tag);
        return value.find() ? value.group(1) : "0";
    }

    private static String shortName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}

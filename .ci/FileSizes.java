import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sizes held by a check (STYLE 24, issue 72): a main Java file or a page module of the students' page at most 400
 * lines — its string tables, one a language (i18n-zh.js, i18n-en.js), too —, a test class at most 800. The files over their budget today are listed in
 * .ci/sizes-allowed.txt with their length, and the list only shrinks: this fails when a file not on it outgrows its
 * budget, when a listed file grows, and when a listed file got shorter or back within its budget without the list
 * saying so (lower its number, or take it off). Run by .ci/run before the build, with the JDK alone:
 * {@code java .ci/FileSizes.java}.
 */
public class FileSizes {

    private static final int MAIN_BUDGET = 400;
    private static final int TEST_BUDGET = 800;
    private static final Path ALLOWED = Path.of(".ci", "sizes-allowed.txt");

    public static void main(String[] args) throws IOException, InterruptedException {
        Map<String, Integer> allowed = allowed();
        List<String> problems = new ArrayList<>();
        int over = 0;
        for (String file : trackedFiles()) {
            int budget = budget(file);
            if (budget == 0) {
                continue;
            }
            int lines = lines(Path.of(file));
            Integer listed = allowed.remove(file);
            if (listed == null) {
                if (lines > budget) {
                    problems.add(file + " has " + lines + " lines, over its budget of " + budget
                            + ": split it by what it is about");
                }
            } else if (lines > listed) {
                problems.add(file + " grew to " + lines + " lines; the list allows it " + listed
                        + " and only shrinks: split it by what it is about");
            } else if (lines <= budget) {
                problems.add(file + " is within its budget now (" + lines + " lines): take it off "
                        + ALLOWED);
            } else if (lines < listed) {
                problems.add(file + " shrank to " + lines + " lines: lower its number in " + ALLOWED
                        + " (from " + listed + ")");
            }
            if (lines > budget) {
                over++;
            }
        }
        allowed.keySet().forEach(file -> problems.add(file + " is listed in " + ALLOWED + " but is not in the tree"));
        if (!problems.isEmpty()) {
            problems.forEach(problem -> System.out.println("CI: sizes: " + problem));
            System.exit(1);
        }
        System.out.printf(
                "CI: sizes: %d file(s) over their budget, each on the list that only shrinks (%s)%n", over, ALLOWED);
    }

    /** 400 for main Java and the page's modules, 800 for test Java, 0 for what is not measured. */
    static int budget(String file) {
        if (file.contains("/src/main/java/") && file.endsWith(".java")) {
            return MAIN_BUDGET;
        }
        if (file.contains("/src/main/resources/static/") && file.endsWith(".js")) {
            return MAIN_BUDGET;
        }
        if (file.contains("/src/test/java/") && file.endsWith(".java")) {
            return TEST_BUDGET;
        }
        return 0;
    }

    private static Map<String, Integer> allowed() throws IOException {
        Map<String, Integer> allowed = new TreeMap<>();
        for (String line : Files.readAllLines(ALLOWED, StandardCharsets.UTF_8)) {
            String entry = line.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            String[] fields = entry.split("\\s+");
            allowed.put(fields[0], Integer.parseInt(fields[1]));
        }
        return allowed;
    }

    private static List<String> trackedFiles() throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files").redirectErrorStream(true).start();
        List<String> files = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .toList();
        if (git.waitFor() != 0) {
            throw new IllegalStateException("git ls-files failed: " + files);
        }
        return files;
    }

    /** Lines as wc -l counts them. */
    private static int lines(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int lines = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                lines++;
            }
        }
        return lines;
    }
}

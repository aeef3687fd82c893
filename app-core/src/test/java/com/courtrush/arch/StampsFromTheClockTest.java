package com.courtrush.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Update;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Every stamp in the gym's zone (issue 76): the database never stamps a row (its session's zone is not the gym's), so
 * each statement written by hand sets {@code create_time} and {@code update_time} from the engine's clock where its
 * table has them — an UPDATE its {@code update_time}, an INSERT both. The tables and their stamp columns are read from
 * the migrations, the statements from every mapper's annotations.
 */
class StampsFromTheClockTest {

    private static final Pattern TABLE =
            Pattern.compile("create table (\\w+) \\((.*?)\\n\\);|alter table (\\w+) add column (\\w+)", Pattern.DOTALL);
    private static final Pattern UPDATE = Pattern.compile("^\\s*(?:<script>)?\\s*update (\\w+) ");
    private static final Pattern INSERT = Pattern.compile("^\\s*(?:<script>)?\\s*insert into (\\w+)");

    /**
     * Left to the database on purpose: a revocation's create_time is the database's own clock, which the nodes'
     * polls read back (no person reads it); a rehearsal's rows are always rolled back.
     */
    private static final Set<String> THE_DATABASES_CLOCK = Set.of("TokenRevocationMapper.insert");

    private static final Set<String> NEVER_KEPT = Set.of("RehearsalRows");

    @Test
    void everyStatementOfAStampedTableSetsItsStampsFromTheClock() throws Exception {
        Map<String, Set<String>> stamps = stampColumns();
        assertThat(stamps).containsKeys("time_slot", "desk_shift", "user_account");
        List<String> missing = new ArrayList<>();
        for (JavaClass type : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.courtrush")) {
            if (!type.isInterface() || NEVER_KEPT.contains(type.getSimpleName())) {
                continue;
            }
            for (Method method : type.reflect().getDeclaredMethods()) {
                Update update = method.getAnnotation(Update.class);
                Insert insert = method.getAnnotation(Insert.class);
                String sql = String.join(
                                " ", update != null ? update.value() : insert != null ? insert.value() : new String[0])
                        .toLowerCase(Locale.ROOT);
                Matcher statement = (update != null ? UPDATE : INSERT).matcher(sql);
                if (sql.isEmpty() || !statement.find()) {
                    continue;
                }
                Set<String> needed = new HashSet<>(stamps.getOrDefault(statement.group(1), Set.of()));
                if (update != null) {
                    needed.remove("create_time");
                }
                needed.removeIf(sql::contains);
                if (!needed.isEmpty() && !THE_DATABASES_CLOCK.contains(type.getSimpleName() + "." + method.getName())) {
                    missing.add(
                            type.getSimpleName() + "." + method.getName() + " leaves " + needed + " to the database");
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    /** The tables with a create_time or update_time, by the migrations. */
    static Map<String, Set<String>> stampColumns() throws IOException {
        Map<String, Set<String>> stamps = new HashMap<>();
        for (Resource migration :
                new PathMatchingResourcePatternResolver().getResources("classpath*:db/migration/*.sql")) {
            String sql = migration.getContentAsString(StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
            Matcher table = TABLE.matcher(sql);
            while (table.find()) {
                String name = table.group(1) != null ? table.group(1) : table.group(3);
                String columns = table.group(1) != null ? table.group(2) : table.group(4);
                for (String stamp : List.of("create_time", "update_time")) {
                    if (Pattern.compile("(^|\\n|\\s)" + stamp + "\\b")
                            .matcher(columns)
                            .find()) {
                        stamps.computeIfAbsent(name, any -> new HashSet<>()).add(stamp);
                    }
                }
            }
        }
        return stamps;
    }
}

package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The seed comparison's call of the reserve script against the script the server ships: the keys it sends are the
 * header's, in order, and so many arguments; a script whose keys moved is refused, not measured.
 */
class ReserveScriptCallTest {

    /** The script as the repository holds it: what the server's jar is built with. */
    private static final Path SCRIPT = Path.of("..", "app-core", "src", "main", "resources", "lua", "reserve.lua");

    @Test
    void theCallSendsTheKeysAndArgumentsTheServersScriptDocuments() throws Exception {
        String source = Files.readString(SCRIPT);

        ReserveScriptCall.checkAgainst(source);

        ReserveScriptCall call = new ReserveScriptCall("benchcr:", 42, 7, 5, 1_800_000_000L);
        assertThat(call.keys())
                .hasSize(ReserveScriptCall.KEY_NAMES.size())
                .startsWith("benchcr:rate:reserve:42", "benchcr:gate", "benchcr:gate:time", "benchcr:dedup:7")
                .contains("benchcr:sem:7", "benchcr:reserve:pending:t42");
        assertThat(call.args()).hasSize(ReserveScriptCall.ARGUMENTS);
    }

    @Test
    void aScriptWhoseKeysMovedIsRefused() throws Exception {
        String source = Files.readString(SCRIPT);
        String swapped = source.replace("KEYS[2] bf:{s:sessionId}:gate\n", "KEYS[2] bf:{s:sessionId}:quota\n")
                .replace("KEYS[5] bf:{s:sessionId}:quota\n", "KEYS[5] bf:{s:sessionId}:gate\n");
        assertThat(swapped).isNotEqualTo(source);

        assertThatThrownBy(() -> ReserveScriptCall.checkAgainst(swapped))
                .isInstanceOf(BenchException.class)
                .hasMessageContaining("bring ReserveScriptCall up to the script");
        assertThatThrownBy(() -> ReserveScriptCall.checkAgainst(source + "\n-- ARGV[16] one more"))
                .isInstanceOf(BenchException.class);
    }
}

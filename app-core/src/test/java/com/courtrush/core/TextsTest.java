package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextsTest {

    @ParameterizedTest
    @ValueSource(strings = {"1号场", "Court 1", "下雨了 <b>不去</b>", "🏸 羽毛球", "O'Brien – café"})
    void namesAndReasonsAsPeopleWriteThemPass(String text) {
        assertThat(Texts.isPlain(text)).isTrue();
        assertThat(LogSafe.of(text)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a\u0000b",
                "line\nforged line",
                "tab\there",
                "\u202eevil",
                "zero\u200bwidth",
                "\u2066isolate",
                "a\u2028b",
                "bom\ufeff",
                "\ud800lone",
                "bell\u0007",
                "c1\u0085"
            })
    void controlAndInvisibleCharactersAreRefusedAndShownEscapedInLogs(String text) {
        assertThat(Texts.isPlain(text)).isFalse();
        assertThat(LogSafe.of(text))
                .matches("[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}]*")
                .contains("\\u");
    }

    @org.junit.jupiter.api.Test
    void aLongTextIsCutInTheLog() {
        assertThat(LogSafe.of("x".repeat(500))).hasSize(201).endsWith("…");
    }
}

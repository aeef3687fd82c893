package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HeaderCheckTest {

    /** The pattern Spring Security's StrictHttpFirewall uses for header names and values by default. */
    private static final Pattern DEFAULT = Pattern.compile("[\\p{IsAssigned}&&[^\\p{IsControl}]]*");

    @Test
    void headerCheckAgreesWithTheFirewallsDefaultPatternOnEveryCodePointOfTheBasicPlaneAndSomeBeyond() {
        IntStream.concat(
                        IntStream.range(0, 0x10000),
                        IntStream.of(0x1F600, 0x1F3F8, 0x20000, 0xE0001, 0x10FFFF, 0x50000))
                .forEach(cp -> {
                    String text = "Bearer ab" + new String(Character.toChars(cp)) + "cd";
                    assertThat(SecurityConfig.assignedAndNotControl(text))
                            .as("code point U+%04X", cp)
                            .isEqualTo(DEFAULT.matcher(text).matches());
                });
    }

    @Test
    void aTokenPassesAndAControlCharacterDoesNot() {
        assertThat(SecurityConfig.assignedAndNotControl("Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc-_"))
                .isTrue();
        assertThat(SecurityConfig.assignedAndNotControl("学生 张三")).isTrue();
        assertThat(SecurityConfig.assignedAndNotControl("evil\r\nSet-Cookie: x"))
                .isFalse();
        assertThat(SecurityConfig.assignedAndNotControl("nul\u0000")).isFalse();
        assertThat(SecurityConfig.assignedAndNotControl("")).isTrue();
    }
}

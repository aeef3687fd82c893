package com.courtrush.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebInputsTest {

    @ParameterizedTest
    @ValueSource(strings = {"16", "-3", "0", "9223372036854775807"})
    void plainDecimalsPass(String text) {
        assertThat(WebInputs.decimal(text)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x10", "+16", " 16", "16 ", "1e3", "16.0", "-", "", "１６", "123456789012345678901"})
    void anythingElseIsRefused(String text) {
        assertThatThrownBy(() -> WebInputs.decimal(text)).isInstanceOf(IllegalArgumentException.class);
    }
}

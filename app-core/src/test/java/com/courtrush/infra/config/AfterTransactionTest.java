package com.courtrush.infra.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AfterTransactionTest {

    @Test
    void workRunsAtOnceWithoutATransactionElseWhenTheLastConnectionIsBackInOrderAndAFailureStopsNoOther() {
        List<String> done = new ArrayList<>();
        AfterTransaction.run(() -> done.add("no transaction"));
        assertThat(done).containsExactly("no transaction");

        AfterTransaction.opened(); // a transaction
        AfterTransaction.opened(); // and one of its own inside it (REQUIRES_NEW)
        AfterTransaction.run(() -> done.add("first"));
        AfterTransaction.run(() -> {
            throw new IllegalStateException("injected");
        });
        AfterTransaction.run(() -> {
            done.add("second");
            AfterTransaction.opened(); // work that opens a transaction and leaves work for after it
            AfterTransaction.run(() -> done.add("after the second's own"));
            AfterTransaction.closed();
        });
        AfterTransaction.closed();
        assertThat(done).as("the outer transaction still holds its connection").hasSize(1);
        AfterTransaction.closed();
        assertThat(done).containsExactly("no transaction", "first", "second", "after the second's own");
    }
}

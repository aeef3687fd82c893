package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.support.MovingClock;
import com.courtrush.support.TestProperties;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A token's account is checked without the database at the rush: its state is read once and kept
 * until a revocation row says it changed (the poll), never re-read by age — students sign in
 * minutes before the opening, so a re-read by age fell on the opening's first second, one read per
 * student.
 */
class TokenRevocationsTest {

    final TokenRevocationMapper rows = mock(TokenRevocationMapper.class);
    final UserAccountMapper accounts = mock(UserAccountMapper.class);
    final MovingClock clock = new MovingClock(Instant.parse("2026-11-24T04:50:00Z"));

    TokenRevocations revocations() {
        when(rows.unexpired(any())).thenReturn(List.of());
        return new TokenRevocations(
                rows, accounts, TestProperties.courtRush(Map.of("courtrush.data-dir", "/tmp/unused")), clock);
    }

    @Test
    void anAccountsStateIsReadOnceAndKeptUntilARevocationRowSaysItChanged() {
        TokenRevocations revocations = revocations();
        when(accounts.tokenState(7L))
                .thenReturn(new UserAccountMapper.TokenState(0, true), new UserAccountMapper.TokenState(1, false));

        // signed in at 12:50; the opening at 13:00; a request every few seconds until 13:10
        for (int request = 0; request < 400; request++) {
            assertThat(revocations.state(7L)).isEqualTo(new UserAccountMapper.TokenState(0, true));
            clock.move(Duration.ofMillis(3_000));
        }
        verify(accounts, times(1)).tokenState(7L);
        // the poll reads nothing new: nothing is read again
        revocations.poll();
        assertThat(revocations.state(7L).generation()).isZero();
        verify(accounts, times(1)).tokenState(7L);

        // another node disabled the account: its row arrives with the poll, and the next check reads again
        LocalDateTime now = LocalDateTime.now(clock);
        List<TokenRevocationMapper.Row> disabled =
                List.of(new TokenRevocationMapper.Row(1, 7L, null, now.plusHours(12), now));
        when(rows.unexpired(any())).thenReturn(disabled);
        when(rows.writtenSince(any())).thenReturn(disabled);
        revocations.poll();
        assertThat(revocations.state(7L)).isEqualTo(new UserAccountMapper.TokenState(1, false));
        verify(accounts, times(2)).tokenState(7L);
    }

    @Test
    void aSignInsReadIsRememberedSoTheFirstRequestNeedsNone() {
        TokenRevocations revocations = revocations();
        UserAccount account = new UserAccount();
        account.setId(9L);
        account.setTokenGeneration(3);
        account.setActive(true);

        revocations.remember(account);

        clock.move(Duration.ofMinutes(15));
        assertThat(revocations.state(9L)).isEqualTo(new UserAccountMapper.TokenState(3, true));
        verify(accounts, times(0)).tokenState(9L);
    }
}

package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.notice.StaffAlerts;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionTemplate;

/** What a reconciliation refuses before it asks WeChat Pay anything (issue 52). */
class ReconciliationsTest {

    final WechatPayClients clients = mock(WechatPayClients.class);
    final ReconciliationMapper mapper = mock(ReconciliationMapper.class);
    final Caller manager = Caller.atDesk(8, "boss1", Role.MANAGER);
    final Reconciliations reconciliations;

    ReconciliationsTest() {
        reconciliations = new Reconciliations(
                clients,
                mapper,
                mock(StaffAlerts.class),
                mock(AuditTrail.class),
                mock(TransactionTemplate.class),
                Clock.fixed(Instant.parse("2026-11-27T02:00:00Z"), ZoneId.of("Asia/Shanghai")),
                "0 30 10 * * *");
    }

    @Test
    void withPaymentsSimulatedThereIsNoBillToReconcileWith() {
        when(clients.merchant()).thenReturn(Optional.empty());
        assertThatThrownBy(() -> reconciliations.reconcile(LocalDate.of(2026, 11, 26), manager))
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        e -> org.assertj.core.api.Assertions.assertThat(e.key()).isEqualTo("reconcile.simulated"));
        verifyNoInteractions(mapper);
    }

    @Test
    void aDayToComeHasNoBill() {
        assertThatThrownBy(() -> reconciliations.reconcile(LocalDate.of(2026, 11, 28), manager))
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        e -> org.assertj.core.api.Assertions.assertThat(e.key()).isEqualTo("reconcile.badDate"));
        verifyNoInteractions(clients, mapper);
    }
}

package com.courtrush.desktop.reservations;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.desktop.audit.AuditLabels;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.pay.api.ReservationDetailsView;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who refunded a booking reads with the role they acted in, as its history recorded it (issue 54). */
class RefundersTest {

    static AuditEntry entry(String actor, String role, String action) {
        return new AuditEntry(1, actor, role, action, "RESERVATION", "3601", "", LocalDateTime.of(2026, 11, 28, 18, 4));
    }

    @Test
    void aRefundsStaffMemberIsNamedWithTheRoleTheirEntryInTheHistoryRecorded() {
        ReservationDetailsView details = new ReservationDetailsView(
                null,
                null,
                "A",
                "2025001",
                "张三",
                List.of(),
                List.of(),
                List.of(
                        entry("staff:m001", "MANAGER", "REFUND_PART"),
                        entry("student:2025001", null, "RESERVE"),
                        entry("staff:s002", "STAFF", "PAY_AT_DESK")));

        AuditLabels labels = new AuditLabels(I18n.of(I18n.CHINESE), ReservationsScreen.rolesIn(details));

        assertThat(labels.who("staff:m001")).isEqualTo("m001（管理员）");
        assertThat(labels.who("staff:s002")).doesNotContain("管理员").contains("s002");
        assertThat(ReservationsScreen.rolesIn(null)).isEmpty();
    }
}

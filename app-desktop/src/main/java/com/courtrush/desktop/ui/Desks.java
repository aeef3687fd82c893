package com.courtrush.desktop.ui;

import com.courtrush.account.api.StaffAccountDesk;
import com.courtrush.account.api.StudentDesk;
import com.courtrush.attendance.api.AttendanceDesk;
import com.courtrush.audit.api.AuditDesk;
import com.courtrush.backup.api.BackupDesk;
import com.courtrush.campus.api.CampusSignInDesk;
import com.courtrush.court.api.CourtDesk;
import com.courtrush.monitor.api.MonitorDesk;
import com.courtrush.notice.api.NoticeDesk;
import com.courtrush.opening.api.OpeningDesk;
import com.courtrush.pay.api.PaymentDesk;
import com.courtrush.pay.api.WechatPayDesk;
import com.courtrush.recurring.api.RuleDesk;
import com.courtrush.report.api.ReportDesk;
import com.courtrush.reserve.api.ReservationDesk;
import com.courtrush.setting.api.SettingsDesk;
import com.courtrush.slot.api.SlotDesk;
import com.courtrush.staff.api.StaffDesk;
import com.courtrush.till.api.TillDesk;
import java.time.Clock;
import org.springframework.context.ApplicationContext;

/**
 * Everything of the engine the console uses: one desk per feature ({@code <feature>.api}) and the
 * engine's clock. Screens are handed these; nothing else of the engine reaches them.
 */
public record Desks(
        CourtDesk courts,
        OpeningDesk openings,
        SlotDesk slots,
        StaffDesk staff,
        RuleDesk rules,
        ReservationDesk reservations,
        PaymentDesk payments,
        ReportDesk reports,
        MonitorDesk monitor,
        BackupDesk backups,
        StaffAccountDesk accounts,
        StudentDesk students,
        SettingsDesk settings,
        AttendanceDesk attendance,
        NoticeDesk channels,
        CampusSignInDesk campus,
        WechatPayDesk wechatPay,
        AuditDesk audit,
        TillDesk till,
        Clock clock) {

    /** The desks of a running engine. */
    public static Desks of(ApplicationContext engine) {
        return new Desks(
                engine.getBean(CourtDesk.class),
                engine.getBean(OpeningDesk.class),
                engine.getBean(SlotDesk.class),
                engine.getBean(StaffDesk.class),
                engine.getBean(RuleDesk.class),
                engine.getBean(ReservationDesk.class),
                engine.getBean(PaymentDesk.class),
                engine.getBean(ReportDesk.class),
                engine.getBean(MonitorDesk.class),
                engine.getBean(BackupDesk.class),
                engine.getBean(StaffAccountDesk.class),
                engine.getBean(StudentDesk.class),
                engine.getBean(SettingsDesk.class),
                engine.getBean(AttendanceDesk.class),
                engine.getBean(NoticeDesk.class),
                engine.getBean(CampusSignInDesk.class),
                engine.getBean(WechatPayDesk.class),
                engine.getBean(AuditDesk.class),
                engine.getBean(TillDesk.class),
                engine.getBean(Clock.class));
    }
}

package com.courtrush.desktop.ui;

import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.closure.desk.BlockDesk;
import com.courtrush.closure.desk.ClosureDesk;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.notice.desk.NoticeDesk;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.pay.desk.WechatPayDesk;
import com.courtrush.recurring.desk.RuleDesk;
import com.courtrush.report.desk.ReportDesk;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.retention.desk.HistoryDesk;
import com.courtrush.setting.desk.SettingsDesk;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.staff.desk.StaffDesk;
import com.courtrush.till.desk.TillDesk;
import com.courtrush.upgrade.desk.UpgradeDesk;
import com.courtrush.venue.desk.VenueDesk;
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
        HistoryDesk history,
        UpgradeDesk upgrades,
        VenueDesk venues,
        ClosureDesk closures,
        BlockDesk blocks,
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
                engine.getBean(HistoryDesk.class),
                engine.getBean(UpgradeDesk.class),
                engine.getBean(VenueDesk.class),
                engine.getBean(ClosureDesk.class),
                engine.getBean(BlockDesk.class),
                engine.getBean(Clock.class));
    }
}

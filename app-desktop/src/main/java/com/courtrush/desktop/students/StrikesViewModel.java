package com.courtrush.desktop.students;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.api.Strike;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.desktop.audit.AuditLabels;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A student's no-show strikes (SPEC §16): each with the booking it was for, whether it still counts,
 * and the block they make; a manager forgives one with a reason, and the block is recomputed.
 */
public final class StrikesViewModel {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final AttendanceDesk desk;
    private final AuditDesk audit;
    private final Caller staff;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final ObservableList<Strike> rows = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");
    private String studentId;
    /** Names a forgiver with the role their account has now, as the engine answered it at the last load. */
    private AuditLabels labels;

    public StrikesViewModel(
            AttendanceDesk desk, AuditDesk audit, Caller staff, UiTasks tasks, Notices notices, I18n i18n) {
        this.desk = desk;
        this.audit = audit;
        this.staff = staff;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.labels = new AuditLabels(i18n);
    }

    public void load(String studentId) {
        this.studentId = studentId;
        tasks.run(i18n.t("strikes.load"), () -> new Loaded(desk.standing(studentId), audit.staffRoles()), loaded -> {
            labels = new AuditLabels(i18n, loaded.staffRoles());
            show(loaded.standing());
        });
    }

    /** Only managers forgive (the engine refuses anyone else anyway). */
    public boolean canForgive() {
        return staff.isManager();
    }

    public void forgive(Strike strike, String reason) {
        tasks.run(i18n.t("strikes.forgive"), () -> desk.forgive(strike.id(), reason, staff), standing -> {
            notices.info(i18n.t("strikes.forgiven", studentId));
            show(standing);
        });
    }

    private void show(StrikeStanding standing) {
        rows.setAll(standing.strikes());
        String counts =
                i18n.t("strikes.counting", standing.counting(), standing.strikesToBlock(), standing.windowDays());
        summary.set(
                standing.blockedUntil() == null
                        ? i18n.t("strikes.notBlocked", counts)
                        : i18n.t("strikes.blocked", WHEN.format(standing.blockedUntil()), counts));
    }

    /** What the strike was for and what became of it, for the table. */
    public String describe(Strike strike) {
        return strike.forgiven()
                ? i18n.t("strikes.forgivenBy", labels.who(strike.forgivenBy()), strike.forgiveReason())
                : i18n.t("strikes.struck", WHEN.format(strike.struckTime()));
    }

    private record Loaded(StrikeStanding standing, Map<String, String> staffRoles) {}

    public ObservableList<Strike> rows() {
        return rows;
    }

    public StringProperty summaryProperty() {
        return summary;
    }
}

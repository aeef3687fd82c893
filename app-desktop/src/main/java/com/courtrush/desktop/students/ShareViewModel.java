package com.courtrush.desktop.students;

import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.share.api.Holding;
import com.courtrush.share.api.ShareRules;
import com.courtrush.share.api.ShareStanding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A student's fair share this week (SPEC §16): the bookings that count against it — booker or accepted partner,
 * active or a no-show — and the rules in force, so the desk can answer "why may I not book?".
 */
public final class ShareViewModel {

    private final AttendanceDesk desk;
    private final UiTasks tasks;
    private final I18n i18n;
    private final ObservableList<Holding> rows = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty week = new SimpleStringProperty("");

    public ShareViewModel(AttendanceDesk desk, UiTasks tasks, I18n i18n) {
        this.desk = desk;
        this.tasks = tasks;
        this.i18n = i18n;
    }

    public void load(String studentId) {
        tasks.run(i18n.t("share.load"), () -> desk.share(studentId), this::show);
    }

    private void show(ShareStanding standing) {
        rows.setAll(standing.holdings());
        week.set(standing.weekOf().toString());
        ShareRules rules = standing.rules();
        summary.set(i18n.t("share.count", standing.holdings().size())
                + " "
                + i18n.t(
                        "share.rules",
                        rules.perDay(),
                        rules.perWeek() > 0 ? i18n.t("share.perWeek", rules.perWeek()) : i18n.t("share.noWeek"),
                        i18n.t(rules.oneAtATime() ? "share.oneAtATime" : "share.overlapAllowed")));
    }

    /** Booker or partner, for the table. */
    public String role(Holding holding) {
        return i18n.t(holding.asPartner() ? "share.asPartner" : "share.asBooker");
    }

    public ObservableList<Holding> rows() {
        return rows;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    /** The Monday the week shown begins, once loaded. */
    public StringProperty weekProperty() {
        return week;
    }
}

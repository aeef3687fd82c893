package com.courtrush.desktop.students;

import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.UiTasks;
import java.time.format.DateTimeFormatter;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The people the campus directory no longer lets in (issue 75) — a graduate, a member of staff who moved on — the
 * latest first: they book no more, and the bookings they paid for stand, which the desk honours.
 */
public final class LeaversViewModel {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final StudentDesk desk;
    private final UiTasks tasks;
    private final I18n i18n;
    private final ObservableList<DirectoryLeaver> rows = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");

    public LeaversViewModel(StudentDesk desk, UiTasks tasks, I18n i18n) {
        this.desk = desk;
        this.tasks = tasks;
        this.i18n = i18n;
    }

    public void load() {
        tasks.run(i18n.t("leavers.load"), desk::leftTheDirectory, leavers -> {
            rows.setAll(leavers);
            summary.set(i18n.t("leavers.summary", leavers.size()));
        });
    }

    /** When the directory stopped letting them in, for the table. */
    public String since(DirectoryLeaver leaver) {
        return leaver.leftAt() == null ? "" : WHEN.format(leaver.leftAt());
    }

    public ObservableList<DirectoryLeaver> rows() {
        return rows;
    }

    public StringProperty summaryProperty() {
        return summary;
    }
}

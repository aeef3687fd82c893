package com.courtrush.desktop.students;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Student;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;

/**
 * Unlinks a student's WeChat at the desk (SPEC §22): a lost or shared phone no longer signs them in to the page.
 * The engine audits it with who did it; the console says whether there was one to unlink.
 */
public final class WechatUnlinkViewModel {

    private final CampusSignInDesk desk;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;

    public WechatUnlinkViewModel(CampusSignInDesk desk, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.desk = desk;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    public void unlink(Student student) {
        tasks.run(
                i18n.t("students.unlinkWechat"),
                () -> desk.unbindWechat(student.id(), staff),
                unlinked -> notices.info(i18n.t(
                        unlinked ? "students.wechatUnlinked" : "students.wechatNotLinked", student.studentId())));
    }
}

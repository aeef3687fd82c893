package com.courtrush.desktop.students;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.account.api.Category;
import com.courtrush.account.api.Student;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Questions;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.SpreadsheetSaveDialog;
import java.io.File;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;

/**
 * Students: list, CSV import with progress, reset password, disable/enable, what they book as, strikes, this week's fair share, unlink
 * the WeChat that signs them in.
 */
public final class StudentsScreen implements Screen {

    private final StudentsViewModel model;
    private final StrikesViewModel strikes;
    private final ShareViewModel share;
    private final LeaversViewModel leavers;
    private final WechatUnlinkViewModel wechat;
    private final Node root;

    public StudentsScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new StudentsViewModel(
                context.desks().students(), context.tasks(), context.notices(), i18n, context.staff());
        strikes = new StrikesViewModel(
                context.desks().attendance(),
                context.desks().audit(),
                context.staff(),
                context.tasks(),
                context.notices(),
                i18n);
        share = new ShareViewModel(context.desks().attendance(), context.tasks(), i18n);
        leavers = new LeaversViewModel(context.desks().students(), context.tasks(), i18n);
        wechat = new WechatUnlinkViewModel(
                context.desks().campus(), context.tasks(), context.notices(), i18n, context.staff());

        TableView<Student> table = students(i18n);
        Label total = new Label();
        total.textProperty().bind(model.totalTextProperty());

        Label csvHint = new Label(i18n.t("students.csvHint"));
        csvHint.setWrapText(true);
        csvHint.setMinHeight(Region.USE_PREF_SIZE); // wrapped whole, not cut when the table wants the room
        root = screen(
                title(i18n.t("nav.students")), searchAndImport(i18n), csvHint, table, bar(total), actions(i18n, table));
    }

    /** Find students; import a CSV or workbook of them, with its progress; save a template (.xlsx or CSV) to fill in. */
    private Node searchAndImport(I18n i18n) {
        TextField query = new TextField();
        query.setId("studentQuery");
        query.setPromptText(i18n.t("students.queryPrompt"));
        query.textProperty().bindBidirectional(model.queryProperty());
        query.setOnAction(event -> model.search());
        Button search = button(i18n.t("students.search"), "searchStudents", model::search);
        Button importCsv = new Button(i18n.t("students.import"));
        importCsv.setId("importStudents");
        importCsv.setOnAction(event -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(i18n.t("students.import"));
            chooser.getExtensionFilters()
                    .add(new FileChooser.ExtensionFilter(i18n.t("students.importFiles"), "*.csv", "*.txt", "*.xlsx"));
            File file = chooser.showOpenDialog(importCsv.getScene().getWindow());
            if (file != null) {
                model.importCsv(file.toPath());
            }
        });
        importCsv.disableProperty().bind(model.importingProperty());
        Button template = button(
                i18n.t("students.template"),
                "saveStudentTemplate",
                () -> SpreadsheetSaveDialog.show(
                                i18n,
                                importCsv.getScene().getWindow(),
                                i18n.t("students.template"),
                                model.templateName())
                        .ifPresent(model::saveTemplate));
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.importingProperty());
        Label progressText = new Label();
        progressText.setId("importProgress");
        progressText.textProperty().bind(model.progressTextProperty());
        Button left = button(
                i18n.t("leavers.open"),
                "studentsLeft",
                () -> LeaversDialog.show(query.getScene().getWindow(), i18n, leavers));
        return bar(query, search, importCsv, template, left, progress, progressText);
    }

    /** The students found. */
    private TableView<Student> students(I18n i18n) {
        TableView<Student> table = table("studentsTable", i18n.t("students.empty"));
        table.getColumns().add(column(i18n.t("students.studentId"), Student::studentId));
        table.getColumns().add(column(i18n.t("students.name"), Student::name));
        table.getColumns().add(column(i18n.t("students.role"), s -> i18n.of(s.role())));
        table.getColumns().add(column(i18n.t("students.category"), s -> i18n.of(s.category())));
        table.getColumns()
                .add(column(i18n.t("students.state"), s -> i18n.t(s.active() ? "courts.active" : "courts.inactive")));
        table.setItems(model.rows());
        return table;
    }

    /** Reset the chosen student's password, or disable or enable them. */
    private Node actions(I18n i18n, TableView<Student> table) {
        Button reset = button(i18n.t("students.resetPassword"), "resetPassword", () -> {
            Student student = table.getSelectionModel().getSelectedItem();
            Questions.ask(
                            table.getScene().getWindow(),
                            i18n,
                            i18n.t("students.resetPassword"),
                            i18n.t("students.newPassword", student.studentId()),
                            "")
                    .ifPresent(password -> model.resetPassword(student, password));
        });
        Button toggle = button(i18n.t("students.toggle"), "toggleStudent", () -> {
            Student student = table.getSelectionModel().getSelectedItem();
            model.setActive(student, !student.active());
        });
        Button category = button(i18n.t("students.toggleCategory"), "toggleCategory", () -> {
            Student student = table.getSelectionModel().getSelectedItem();
            model.setCategory(student, student.category() == Category.FACULTY ? Category.STUDENT : Category.FACULTY);
        });
        category.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        Button strikesButton = button(i18n.t("strikes.open"), "studentStrikes", () -> {
            Student student = table.getSelectionModel().getSelectedItem();
            StrikesDialog.show(table.getScene().getWindow(), i18n, strikes, student.studentId(), student.name());
        });
        Button shareButton = button(i18n.t("share.open"), "studentShare", () -> {
            Student student = table.getSelectionModel().getSelectedItem();
            ShareDialog.show(table.getScene().getWindow(), i18n, share, student.studentId(), student.name());
        });
        Button unlink = button(i18n.t("students.unlinkWechat"), "unlinkWechat", () -> {
            Student student = table.getSelectionModel().getSelectedItem();
            if (Questions.confirm(
                    table.getScene().getWindow(),
                    i18n,
                    i18n.t("students.unlinkWechat"),
                    i18n.t("students.unlinkWechatAsk", student.studentId()))) {
                wechat.unlink(student);
            }
        });
        unlink.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        shareButton
                .disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        reset.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        toggle.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        strikesButton
                .disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        return bar(reset, toggle, category, strikesButton, shareButton, unlink);
    }

    @Override
    public String titleKey() {
        return "nav.students";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.search();
    }

    public StudentsViewModel model() {
        return model;
    }
}

package com.courtrush.desktop.staff;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.form;
import static com.courtrush.desktop.ui.Widgets.row;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Questions;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.VenuePicker;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;

/** Staff accounts (managers only): who may sign in at the console and the staff API, and as what. */
public final class StaffScreen implements Screen {

    private final StaffViewModel model;
    private final Node root;

    public StaffScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new StaffViewModel(
                context.desks().accounts(),
                context.desks().venues(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff());

        TableView<StaffMember> table = accounts(i18n);
        Label hint = new Label(i18n.t("staff.hint"));
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE); // wrapped whole, not cut when the table wants the room
        root = screen(title(i18n.t("nav.staff")), hint, table, actions(i18n, table), createPane(i18n));
    }

    /** The staff accounts. */
    private TableView<StaffMember> accounts(I18n i18n) {
        TableView<StaffMember> table = table("staffTable", i18n.t("staff.empty"));
        table.getColumns().add(column(i18n.t("staff.staffId"), StaffMember::staffId));
        table.getColumns().add(column(i18n.t("students.name"), StaffMember::name));
        table.getColumns().add(column(i18n.t("students.role"), s -> i18n.of(s.role())));
        table.getColumns()
                .add(column(i18n.t("students.state"), s -> i18n.t(s.active() ? "courts.active" : "courts.inactive")));
        table.getColumns().add(column(i18n.t("staff.venues"), model::venuesOf));
        table.setItems(model.rows());
        return table;
    }

    /** Reset a password, disable or enable, make manager or staff: the chosen account. */
    private Node actions(I18n i18n, TableView<StaffMember> table) {
        Button reset = button(i18n.t("students.resetPassword"), "resetStaffPassword", () -> {
            StaffMember member = table.getSelectionModel().getSelectedItem();
            Questions.ask(
                            table.getScene().getWindow(),
                            i18n,
                            i18n.t("students.resetPassword"),
                            i18n.t("students.newPassword", member.staffId()),
                            "")
                    .ifPresent(password -> model.resetPassword(member, password));
        });
        Button toggle = button(i18n.t("students.toggle"), "toggleStaff", () -> {
            StaffMember member = table.getSelectionModel().getSelectedItem();
            model.setActive(member, !member.active());
        });
        Button changeRole = button(i18n.t("staff.changeRole"), "changeStaffRole", () -> {
            StaffMember member = table.getSelectionModel().getSelectedItem();
            model.setRole(member, member.role() == Role.MANAGER ? Role.STAFF : Role.MANAGER);
        });
        CheckComboBox<VenuePicker.Choice> venue = new CheckComboBox<>(model.venueChoices());
        venue.setId("staffVenue");
        venue.setTitle(i18n.t("staff.venuesPick"));
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, member) -> {
            venue.getCheckModel().clearChecks();
            model.venuesTicked(member).forEach(venue.getCheckModel()::check);
        });
        Button assign = button(
                i18n.t("staff.assignVenue"),
                "assignStaffVenue",
                () -> model.assign(
                        table.getSelectionModel().getSelectedItem(),
                        List.copyOf(venue.getCheckModel().getCheckedItems())));
        for (Button each : new Button[] {reset, toggle, changeRole, assign}) {
            each.disableProperty()
                    .bind(table.getSelectionModel().selectedItemProperty().isNull());
        }
        return bar(reset, toggle, changeRole, venue, assign);
    }

    /** A new account: id, name, password, role. */
    private TitledPane createPane(I18n i18n) {
        TextField staffId = new TextField();
        staffId.setId("newStaffId");
        staffId.textProperty().bindBidirectional(model.staffIdProperty());
        TextField name = new TextField();
        name.setId("newStaffName");
        name.textProperty().bindBidirectional(model.nameProperty());
        PasswordField password = new PasswordField();
        password.setId("newStaffPassword");
        password.textProperty().bindBidirectional(model.passwordProperty());
        ChoiceBox<Role> role = new ChoiceBox<>();
        role.setId("newStaffRole");
        role.getItems().setAll(Role.STAFF, Role.MANAGER);
        role.setConverter(new StringConverter<>() {
            @Override
            public String toString(Role value) {
                return i18n.of(value);
            }

            @Override
            public Role fromString(String text) {
                return null;
            }
        });
        role.valueProperty().bindBidirectional(model.roleProperty());
        GridPane createForm = form();
        row(createForm, i18n.t("staff.staffId"), staffId);
        row(createForm, i18n.t("students.name"), name);
        row(createForm, i18n.t("staff.password"), password);
        row(createForm, i18n.t("students.role"), role);
        TitledPane create = new TitledPane(
                i18n.t("staff.create"),
                new VBox(8, createForm, button(i18n.t("staff.create"), "createStaff", model::create)));
        create.setCollapsible(false);
        return create;
    }

    @Override
    public String titleKey() {
        return "nav.staff";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.load();
    }

    public StaffViewModel model() {
        return model;
    }
}

package com.courtrush.desktop.staff;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.NewStaff;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.desktop.ui.VenuePicker;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Staff accounts, for managers: list, create (STAFF or MANAGER), reset a password, disable or enable,
 * make manager or staff, the venues whose desk they work (SPEC §21). The engine refuses what a manager may not do (the last manager disabled).
 */
public final class StaffViewModel {

    private final StaffAccountDesk staff;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller manager;

    private final ObservableList<StaffMember> rows = FXCollections.observableArrayList();
    private final ObservableList<VenuePicker.Choice> choices = FXCollections.observableArrayList();
    private final StringProperty staffId = new SimpleStringProperty("");
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final ObjectProperty<Role> role = new SimpleObjectProperty<>(Role.STAFF);

    private final VenueDesk venues;
    /** Each account's venues' names, as last read; an account of none works every venue's desk. */
    private Map<Long, String> venuesOf = Map.of();
    /** Each account's venues, as last read. */
    private Map<Long, List<Long>> assigned = Map.of();

    public StaffViewModel(
            StaffAccountDesk staff, VenueDesk venues, UiTasks tasks, Notices notices, I18n i18n, Caller manager) {
        this.venues = venues;
        this.staff = staff;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.manager = manager;
    }

    public void load() {
        tasks.run(
                i18n.t("staff.load"),
                () -> new Loaded(staff.list(manager), venues.staffVenues(), venues.list()),
                loaded -> {
                    Map<Long, String> names = new HashMap<>();
                    loaded.venues()
                            .forEach(venue -> names.put(venue.id(), i18n.either(venue.nameZh(), venue.nameEn())));
                    Map<Long, String> of = new HashMap<>();
                    loaded.assigned()
                            .forEach((userId, ids) -> of.put(
                                    userId,
                                    ids.stream()
                                            .map(id -> names.getOrDefault(id, "#" + id))
                                            .collect(Collectors.joining(", "))));
                    venuesOf = of;
                    assigned = Map.copyOf(loaded.assigned());
                    // each venue to tick; none ticked: every venue
                    List<VenuePicker.Choice> each =
                            VenuePicker.choices(i18n.t("staff.everyVenue"), loaded.venues(), i18n);
                    choices.setAll(each.subList(1, each.size()));
                    rows.setAll(loaded.accounts());
                });
    }

    /** The venues whose desk the account works, in words (SPEC §21). */
    public String venuesOf(StaffMember member) {
        return venuesOf.getOrDefault(member.id(), i18n.t("staff.everyVenue"));
    }

    /** The venues ticked for the account as last read: those whose desk it works (none: every venue). */
    public List<VenuePicker.Choice> venuesTicked(StaffMember member) {
        List<Long> ids = member == null ? List.of() : assigned.getOrDefault(member.id(), List.of());
        return choices.stream().filter(choice -> ids.contains(choice.venueId())).toList();
    }

    /** Sets the venues whose desk the account works — one, several, or none ticked: every venue (SPEC §21). */
    public void assign(StaffMember member, List<VenuePicker.Choice> ticked) {
        List<Long> ids = ticked.stream().map(VenuePicker.Choice::venueId).toList();
        String names = ticked.isEmpty()
                ? i18n.t("staff.everyVenue")
                : ticked.stream().map(VenuePicker.Choice::name).collect(Collectors.joining(", "));
        tasks.run(i18n.t("staff.assignVenue"), () -> venues.assignStaff(manager, member.id(), ids), done -> {
            notices.info(i18n.t("staff.venueAssigned", member.staffId(), names));
            load();
        });
    }

    public ObservableList<VenuePicker.Choice> venueChoices() {
        return choices;
    }

    private record Loaded(List<StaffMember> accounts, Map<Long, List<Long>> assigned, List<VenueView> venues) {}

    public void create() {
        NewStaff account = new NewStaff(staffId.get().strip(), name.get().strip(), password.get(), role.get());
        tasks.run(i18n.t("staff.create"), () -> staff.create(account, manager), created -> {
            staffId.set("");
            name.set("");
            password.set("");
            notices.info(i18n.t("staff.created", created.staffId(), i18n.of(created.role())));
            load();
        });
    }

    public void resetPassword(StaffMember member, String newPassword) {
        tasks.run(
                i18n.t("students.resetPassword"),
                () -> {
                    staff.resetPassword(member.id(), newPassword, manager);
                    return member;
                },
                done -> notices.info(i18n.t("students.passwordReset", member.staffId())));
    }

    public void setActive(StaffMember member, boolean active) {
        tasks.run(
                i18n.t(active ? "students.enable" : "students.disable"),
                () -> staff.setActive(member.id(), active, manager),
                done -> load());
    }

    public void setRole(StaffMember member, Role newRole) {
        tasks.run(i18n.t("staff.changeRole"), () -> staff.setRole(member.id(), newRole, manager), done -> load());
    }

    public ObservableList<StaffMember> rows() {
        return rows;
    }

    public StringProperty staffIdProperty() {
        return staffId;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    public ObjectProperty<Role> roleProperty() {
        return role;
    }
}

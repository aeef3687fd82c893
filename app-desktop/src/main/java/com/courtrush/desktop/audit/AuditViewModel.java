package com.courtrush.desktop.audit;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditFilter;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.core.SheetFormat;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ExportFile;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The audit trail for the desk: who did what to which record, filtered by who (staff, the admin token, the
 * engine's jobs), dates and action, newest first; and the same filter saved as an Excel or CSV file in the console's
 * language. An empty choice ({@link #ALL}) matches everything.
 */
public final class AuditViewModel {

    /** The choice that filters nothing. */
    public static final String ALL = "";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final AuditDesk audit;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    /** Its staff roles as the engine answered them at the last load. */
    private AuditLabels labels;

    private final ObjectProperty<LocalDate> from;
    private final ObjectProperty<LocalDate> to;
    private final StringProperty actor = new SimpleStringProperty(ALL);
    private final StringProperty action = new SimpleStringProperty(ALL);
    private final ObservableList<String> actors = FXCollections.observableArrayList(ALL);
    private final ObservableList<String> actions = FXCollections.observableArrayList(ALL);
    private final ObservableList<AuditEntry> rows = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");
    /** Searches asked for; only the latest one's answer is shown (answers come back in any order). */
    private long searches;

    public AuditViewModel(AuditDesk audit, UiTasks tasks, Notices notices, I18n i18n, LocalDate today) {
        this.audit = audit;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.labels = new AuditLabels(i18n);
        this.from = new SimpleObjectProperty<>(today.minusDays(6));
        this.to = new SimpleObjectProperty<>(today);
    }

    /** The choices of who and what, then the entries. */
    public void load() {
        tasks.run(
                i18n.t("audit.load"),
                () -> new Choices(audit.staffActors(), audit.actions(), audit.staffRoles()),
                choices -> {
                    String chosenActor = actor.get();
                    String chosenAction = action.get();
                    labels = new AuditLabels(i18n, choices.staffRoles());
                    actors.setAll(withAll(choices.actors()));
                    actions.setAll(withAll(choices.actions()));
                    actor.set(actors.contains(chosenActor) ? chosenActor : ALL);
                    action.set(actions.contains(chosenAction) ? chosenAction : ALL);
                    find();
                });
    }

    /** The entries of the filter, newest first ({@link AuditDesk#PAGE} at most). */
    public void find() {
        AuditFilter filter = filter();
        long asked = ++searches;
        tasks.run(i18n.t("audit.load"), () -> audit.find(filter, i18n.locale()), page -> {
            if (asked != searches) {
                return; // an earlier search answering after a later one: the later one's rows stand
            }
            rows.setAll(page.records());
            summary.set(i18n.t(
                    page.totalCapped() ? "audit.summaryMore" : "audit.summary",
                    page.records().size(),
                    page.total()));
        });
    }

    /**
     * Saves every entry of the filter to {@code file} — an Excel workbook or CSV by its extension (a workbook, with
     * the extension added, when it has none; see {@link ExportFile}) — and says where.
     */
    public void export(Path file) {
        AuditFilter filter = filter();
        ExportFile target = ExportFile.of(file);
        tasks.run(
                i18n.t("audit.export"),
                () -> {
                    Files.write(target.path(), sheet(audit.all(filter, i18n.locale()), target.format()));
                    return target.path();
                },
                saved -> notices.info(i18n.t("audit.saved", saved)));
    }

    /** The file name an export of the filter is offered under. */
    public String fileName() {
        return filter().fileName(SheetFormat.XLSX);
    }

    /** The entries as staff read them: when, who, what, which record, the detail. */
    byte[] sheet(List<AuditEntry> entries, SheetFormat format) {
        List<List<?>> lines = new ArrayList<>();
        lines.add(Stream.of("audit.time", "audit.who", "audit.what", "audit.target", "audit.detail")
                .map(i18n::t)
                .toList());
        for (AuditEntry entry : entries) {
            lines.add(Arrays.asList(
                    entry.time(), // a moment: an Excel date and time in a workbook, its text in CSV
                    labels.who(entry),
                    labels.what(entry),
                    target(entry),
                    entry.detail()));
        }
        return format.write(i18n.t("audit.sheet"), lines);
    }

    /** The record an entry is about: its kind in words, and its id. */
    public String target(AuditEntry entry) {
        return labels.target(entry);
    }

    public String time(AuditEntry entry) {
        return entry.time() == null ? "" : TIME.format(entry.time());
    }

    public AuditLabels labels() {
        return labels;
    }

    private AuditFilter filter() {
        return new AuditFilter(null, null, blankIsAll(actor.get()), blankIsAll(action.get()), from.get(), to.get());
    }

    private static String blankIsAll(String choice) {
        return choice == null || choice.isBlank() ? null : choice;
    }

    private static List<String> withAll(List<String> choices) {
        List<String> all = new ArrayList<>(List.of(ALL));
        all.addAll(choices);
        return all;
    }

    public ObjectProperty<LocalDate> fromProperty() {
        return from;
    }

    public ObjectProperty<LocalDate> toProperty() {
        return to;
    }

    public StringProperty actorProperty() {
        return actor;
    }

    public StringProperty actionProperty() {
        return action;
    }

    public ObservableList<String> actors() {
        return actors;
    }

    public ObservableList<String> actions() {
        return actions;
    }

    public ObservableList<AuditEntry> rows() {
        return rows;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    private record Choices(List<String> actors, List<String> actions, Map<String, String> staffRoles) {}
}

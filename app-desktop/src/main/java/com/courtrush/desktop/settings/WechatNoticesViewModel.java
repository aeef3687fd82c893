package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.notice.api.WechatAccountChange;
import com.courtrush.notice.api.WechatAccountState;
import com.courtrush.notice.api.WechatDelivery;
import com.courtrush.notice.api.WechatNoticeSettings;
import com.courtrush.notice.api.WechatTemplate;
import com.courtrush.notice.desk.NoticeDesk;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The official account's notifications on the Settings screen (SPEC §22): the account itself, for a gym without a
 * WeChat Pay merchant (AppID, AppSecret, where students reach the engine; tried with WeChat as saved); for each kind
 * of notice, the template chosen
 * in the official account's platform and its keywords' fields ({@code thing1=COURT, time2=TIME}), saved at once (a
 * manager's, through the engine's rules); "send a test" to a student's WeChat, answered with what WeChat said; and the
 * latest deliveries with how each went, the given-up ones sent again.
 */
public final class WechatNoticesViewModel {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss");
    private static final int DELIVERIES_SHOWN = 10;

    private final NoticeDesk desk;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;

    private final StringProperty account = new SimpleStringProperty("");
    private final StringProperty appId = new SimpleStringProperty("");
    private final StringProperty appSecret = new SimpleStringProperty("");
    private final StringProperty publicUrl = new SimpleStringProperty("");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<String> fields = FXCollections.observableArrayList();
    private final StringProperty testKind = new SimpleStringProperty();
    private final StringProperty testStudent = new SimpleStringProperty("");
    private final StringProperty deliveries = new SimpleStringProperty("");
    private final StringProperty givenUp = new SimpleStringProperty("");
    private final BooleanProperty canSendAgain = new SimpleBooleanProperty();

    /** A kind of notice and its template as typed: blank id, not sent to WeChat. */
    public record Row(String kind, StringProperty templateId, StringProperty keywords) {}

    public WechatNoticesViewModel(NoticeDesk desk, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.desk = desk;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    public void load() {
        tasks.run(
                i18n.t("wechatNotices.title"),
                () -> new Loaded(desk.wechatNotices(), desk.wechatDeliveries(DELIVERIES_SHOWN)),
                this::show);
    }

    private void show(Loaded loaded) {
        WechatNoticeSettings settings = loaded.settings();
        WechatAccountState state = settings.account();
        account.set(
                state.appId() == null
                        ? i18n.t("wechatNotices.noAccount")
                        : i18n.t(
                                        settings.simulated()
                                                ? "wechatNotices.accountSimulated"
                                                : "wechatNotices.account",
                                        state.appId())
                                + " " + i18n.t("wechatNotices.source." + state.source()));
        appId.set(state.appId() == null ? "" : state.appId());
        publicUrl.set(state.publicUrl() == null ? "" : state.publicUrl());
        appSecret.set("");
        Map<String, WechatTemplate> byKind = settings.templates().stream()
                .collect(Collectors.toMap(WechatTemplate::kind, t -> t, (a, b) -> a, LinkedHashMap::new));
        List<Row> shown = new ArrayList<>();
        for (String kind : settings.kinds()) {
            WechatTemplate template = byKind.get(kind);
            shown.add(new Row(
                    kind,
                    new SimpleStringProperty(template == null ? "" : template.templateId()),
                    new SimpleStringProperty(template == null ? "" : keywords(template.fields()))));
        }
        rows.setAll(shown);
        fields.setAll(settings.fields());
        if (testKind.get() == null || !byKind.containsKey(testKind.get())) {
            testKind.set(byKind.isEmpty() ? null : byKind.keySet().iterator().next());
        }
        canSendAgain.set(settings.givenUp() > 0);
        givenUp.set(settings.givenUp() > 0 ? i18n.t("wechatNotices.givenUp", settings.givenUp()) : "");
        deliveries.set(
                loaded.deliveries().isEmpty()
                        ? i18n.t("wechatNotices.noDeliveries")
                        : String.join(
                                "\n",
                                loaded.deliveries().stream().map(this::line).toList()));
    }

    private String line(WechatDelivery delivery) {
        String how = delivery.error() == null || delivery.state().equals("SENT")
                ? i18n.t("wechatNotices.state." + delivery.state())
                : i18n.t("wechatNotices.stateWhy", i18n.t("wechatNotices.state." + delivery.state()), delivery.error());
        return i18n.t(
                "wechatNotices.delivery",
                WHEN.format(delivery.createTime()),
                delivery.studentId(),
                i18n.t("wechatNotices.kind." + delivery.kind()),
                how);
    }

    /** {@code thing1=COURT, time2=TIME}: a template's keywords and fields as typed. */
    static String keywords(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** The keywords typed for a kind, read back: refused in words when a part is not {@code keyword=FIELD}. */
    Map<String, String> parsed(String kind, String typed) {
        Map<String, String> parsed = new LinkedHashMap<>();
        for (String part : typed.split("[,，;\\n]")) {
            String each = part.strip();
            if (each.isEmpty()) {
                continue;
            }
            int equals = each.indexOf('=');
            if (equals <= 0 || equals == each.length() - 1) {
                throw new InputRefused(i18n.t("wechatNotices.badKeyword", i18n.t("wechatNotices.kind." + kind), each));
            }
            parsed.put(
                    each.substring(0, equals).strip(),
                    each.substring(equals + 1).strip().toUpperCase());
        }
        return parsed;
    }

    /** Saves every kind with a template id at once; a kind left blank is not sent to WeChat. */
    public void save() {
        List<String[]> typed = new ArrayList<>();
        for (Row row : rows) {
            String id =
                    row.templateId().get() == null ? "" : row.templateId().get().strip();
            if (!id.isEmpty()) {
                typed.add(new String[] {
                    row.kind(),
                    id,
                    row.keywords().get() == null ? "" : row.keywords().get()
                });
            }
        }
        tasks.run(
                i18n.t("wechatNotices.save"),
                () -> desk.setWechatNotices(
                        typed.stream()
                                .map(t -> new WechatTemplate(t[0], t[1], parsed(t[0], t[2])))
                                .toList(),
                        null,
                        staff),
                saved -> {
                    notices.info(i18n.t("wechatNotices.saved"));
                    load();
                });
    }

    /**
     * Sets the official account on its own as typed (the AppSecret left blank: the one on file stays), tried with
     * WeChat by the engine; says so, or why not in the engine's words.
     */
    public void saveAccount() {
        WechatAccountChange change = new WechatAccountChange(appId.get(), appSecret.get(), publicUrl.get());
        tasks.run(i18n.t("wechatNotices.saveAccount"), () -> desk.setWechatNotices(null, change, staff), saved -> {
            notices.info(i18n.t("wechatNotices.accountSaved", saved.account().appId()));
            load();
        });
    }

    /** Sends the chosen kind's template to the student's WeChat now; says what WeChat answered. */
    public void test() {
        String kind = testKind.get();
        String student = testStudent.get() == null ? "" : testStudent.get().strip();
        tasks.run(
                i18n.t("wechatNotices.test"),
                () -> {
                    if (kind == null || student.isEmpty()) {
                        throw new InputRefused(i18n.t("wechatNotices.testNeeds"));
                    }
                    return desk.testWechatNotice(kind, student, staff);
                },
                msgId -> {
                    notices.info(i18n.t("wechatNotices.tested", student, msgId));
                    load();
                });
    }

    /** The deliveries given up, tried again for as long again; says how many. */
    public void sendAgain() {
        tasks.run(i18n.t("wechatNotices.sendAgain"), () -> desk.sendWechatAgain(staff), again -> {
            notices.info(i18n.t("wechatNotices.sentAgain", again));
            load();
        });
    }

    /** Which official account, and whether it is the simulator. */
    public StringProperty accountProperty() {
        return account;
    }

    /** The account's AppID, as shown and typed. */
    public StringProperty appIdProperty() {
        return appId;
    }

    /** The account's AppSecret as typed: never shown back. */
    public StringProperty appSecretProperty() {
        return appSecret;
    }

    /** Where students reach the engine inside WeChat, as shown and typed. */
    public StringProperty publicUrlProperty() {
        return publicUrl;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    /** The fields a keyword may show. */
    public ObservableList<String> fields() {
        return fields;
    }

    public StringProperty testKindProperty() {
        return testKind;
    }

    public StringProperty testStudentProperty() {
        return testStudent;
    }

    /** The latest deliveries, a line each. */
    public StringProperty deliveriesProperty() {
        return deliveries;
    }

    public StringProperty givenUpProperty() {
        return givenUp;
    }

    public BooleanProperty canSendAgainProperty() {
        return canSendAgain;
    }

    private record Loaded(WechatNoticeSettings settings, List<WechatDelivery> deliveries) {}
}

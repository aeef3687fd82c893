package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.pay.api.WechatPaySetup;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.courtrush.pay.desk.WechatPayDesk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;

/**
 * The live WeChat Pay merchant on the Settings screen (SPEC §19): which mode payments run in, the merchant's
 * settings, and its three secrets — the API private key and WeChat Pay's public key chosen as files, the APIv3 key
 * typed — sent only when chosen or typed (none sent keeps the one on file) and never shown back. Saving and trying
 * ask WeChat Pay and may take seconds: meanwhile {@link #workingProperty()} is true.
 */
public final class WechatPayViewModel {

    /** A key file is a few KB; anything far larger is not one. */
    static final long KEY_FILE_LIMIT = 64 * 1024;

    private final WechatPayDesk desk;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller manager;

    private final BooleanProperty enabled = new SimpleBooleanProperty();
    private final StringProperty mchid = new SimpleStringProperty("");
    private final StringProperty appId = new SimpleStringProperty("");
    private final StringProperty merchantSerialNumber = new SimpleStringProperty("");
    private final StringProperty publicKeyId = new SimpleStringProperty("");
    private final StringProperty merchantName = new SimpleStringProperty("");
    private final StringProperty publicUrl = new SimpleStringProperty("");
    /** Typed: replaces the one on file; blank keeps it. */
    private final StringProperty apiV3Key = new SimpleStringProperty("");

    private final StringProperty appSecret = new SimpleStringProperty("");

    private final ObjectProperty<WechatPayState> state = new SimpleObjectProperty<>();
    private final ObjectProperty<ChosenKey> privateKey = new SimpleObjectProperty<>();
    private final ObjectProperty<ChosenKey> platformKey = new SimpleObjectProperty<>();

    private final ReadOnlyStringWrapper modeLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper live = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper privateKeyLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper platformKeyLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper apiV3KeyHint = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper appSecretHint = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper notifyUrl = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper keyDirectory = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper working = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<Boolean> trialOk = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper trialSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper trialDetail = new ReadOnlyStringWrapper("");

    public WechatPayViewModel(WechatPayDesk desk, UiTasks tasks, Notices notices, I18n i18n, Caller manager) {
        this.desk = desk;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.manager = manager;
        modeLine.bind(state.map(s -> modeText(s.mode())).orElse(""));
        live.bind(state.map(s -> "LIVE".equals(s.mode())).orElse(false));
        privateKeyLine.bind(keyLine(privateKey, s -> s.privateKeyOnFile()));
        platformKeyLine.bind(keyLine(platformKey, s -> s.platformKeyOnFile()));
        apiV3KeyHint.bind(state.map(s -> i18n.t(s.apiV3KeyOnFile() ? "wechatPay.apiV3KeyKept" : "wechatPay.notOnFile"))
                .orElse(""));
        appSecretHint.bind(
                state.map(s -> i18n.t(s.appSecretOnFile() ? "wechatPay.apiV3KeyKept" : "wechatPay.notOnFile"))
                        .orElse(""));
        notifyUrl.bind(Bindings.createStringBinding(
                () -> {
                    String url = trimSlash(publicUrl.get().strip());
                    return url.isEmpty() ? "" : url + WechatPaySettings.NOTIFY_PATH;
                },
                publicUrl));
        keyDirectory.bind(
                state.map(s -> s.keyDirectory() == null ? "" : s.keyDirectory()).orElse(""));
        fill(WechatPaySettings.none());
    }

    private ObservableValue<String> keyLine(
            ObjectProperty<ChosenKey> chosen, java.util.function.Predicate<WechatPayState> onFile) {
        return Bindings.createStringBinding(
                () -> {
                    if (chosen.get() != null) {
                        return i18n.t("wechatPay.chosen", chosen.get().fileName());
                    }
                    WechatPayState known = state.get();
                    if (known == null) {
                        return "";
                    }
                    return i18n.t(onFile.test(known) ? "wechatPay.onFile" : "wechatPay.notOnFile");
                },
                chosen,
                state);
    }

    private String modeText(String mode) {
        if (mode == null) {
            return "";
        }
        return switch (mode) {
            case "LIVE" -> i18n.t("wechatPay.mode.LIVE", text(mchid()));
            case "LIVE_SIMULATOR" -> i18n.t("wechatPay.mode.LIVE_SIMULATOR");
            case "SIMULATED" -> i18n.t("wechatPay.mode.SIMULATED");
            default -> mode;
        };
    }

    /** The merchant id as saved (the mode line names the merchant that runs, not one being typed). */
    private String mchid() {
        WechatPayState known = state.get();
        return known == null || known.settings() == null ? "" : known.settings().mchid();
    }

    public void load() {
        tasks.run(i18n.t("wechatPay.load"), desk::state, this::show);
    }

    private void show(WechatPayState loaded) {
        state.set(loaded);
        fill(loaded.settings() == null ? WechatPaySettings.none() : loaded.settings());
        // what was chosen or typed is on file now (or was never sent): nothing is held back
        privateKey.set(null);
        platformKey.set(null);
        apiV3Key.set("");
        appSecret.set("");
    }

    private void fill(WechatPaySettings settings) {
        enabled.set(settings.enabled());
        mchid.set(text(settings.mchid()));
        appId.set(text(settings.appId()));
        merchantSerialNumber.set(text(settings.merchantSerialNumber()));
        publicKeyId.set(text(settings.publicKeyId()));
        merchantName.set(text(settings.merchantName()));
        publicUrl.set(text(settings.publicUrl()));
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /**
     * The settings as typed now, saved or not, and the secrets only where a file was chosen or a key typed: what
     * "save" and "try it" send (a null secret keeps the one on file).
     */
    public WechatPaySetup typed() {
        WechatPaySettings settings = new WechatPaySettings(
                enabled.get(),
                mchid.get().strip(),
                appId.get().strip(),
                merchantSerialNumber.get().strip(),
                publicKeyId.get().strip(),
                merchantName.get().strip(),
                trimSlash(publicUrl.get().strip()));
        String v3 = apiV3Key.get().strip();
        String secret = appSecret.get().strip();
        return new WechatPaySetup(
                settings,
                privateKey.get() == null ? null : privateKey.get().pem(),
                v3.isEmpty() ? null : v3,
                platformKey.get() == null ? null : platformKey.get().pem(),
                secret.isEmpty() ? null : secret);
    }

    /** Reads the merchant's API private key ({@code apiclient_key.pem}) from the file chosen, off the FX thread. */
    public void choosePrivateKey(Path file) {
        choose(file, privateKey, "wechatPay.privateKey");
    }

    /** Reads WeChat Pay's public key ({@code pub_key.pem}) from the file chosen, off the FX thread. */
    public void choosePlatformKey(Path file) {
        choose(file, platformKey, "wechatPay.platformKey");
    }

    private void choose(Path file, ObjectProperty<ChosenKey> into, String whatKey) {
        if (file == null) {
            return;
        }
        String what = i18n.t("wechatPay.reading", i18n.t(whatKey));
        tasks.run(what, () -> read(file), into::set);
    }

    /** The key file's PEM; a file that is not one is refused with a message staff can act on. */
    private ChosenKey read(Path file) throws IOException {
        String name = String.valueOf(file.getFileName());
        if (Files.size(file) > KEY_FILE_LIMIT) {
            throw new InputRefused(i18n.t("wechatPay.notAKey", name));
        }
        String pem = Files.readString(file, StandardCharsets.UTF_8);
        if (!pem.contains("-----BEGIN ") || !pem.contains("-----END ")) {
            throw new InputRefused(i18n.t("wechatPay.notAKey", name));
        }
        return new ChosenKey(name, pem);
    }

    /** Saves as typed (WeChat Pay is asked first when turned on); a refusal is shown, and nothing is saved. */
    public void save() {
        WechatPaySetup setup = typed();
        String what = i18n.t("wechatPay.save");
        working.set(true);
        tasks.run(
                what,
                () -> desk.save(setup, i18n.locale(), manager),
                saved -> {
                    working.set(false);
                    show(saved);
                    notices.info(i18n.t("wechatPay.saved"));
                },
                error -> {
                    working.set(false);
                    notices.failed(what, error);
                });
    }

    /** Asks WeChat Pay with the settings as typed (not saved) and shows what it answered. */
    public void tryIt() {
        WechatPaySetup setup = typed();
        String what = i18n.t("wechatPay.try");
        working.set(true);
        trialOk.set(null);
        trialSummary.set(i18n.t("wechatPay.trying"));
        trialDetail.set("");
        tasks.run(
                what,
                () -> desk.tryIt(setup, i18n.locale(), manager),
                trial -> {
                    working.set(false);
                    showTrial(trial);
                },
                error -> {
                    working.set(false);
                    trialSummary.set("");
                    notices.failed(what, error);
                });
    }

    private void showTrial(WechatPayTrial trial) {
        trialOk.set(trial.ok());
        trialSummary.set(text(trial.summary()));
        trialDetail.set(text(trial.detail()));
    }

    public BooleanProperty enabledProperty() {
        return enabled;
    }

    public StringProperty mchidProperty() {
        return mchid;
    }

    public StringProperty appIdProperty() {
        return appId;
    }

    public StringProperty merchantSerialNumberProperty() {
        return merchantSerialNumber;
    }

    public StringProperty publicKeyIdProperty() {
        return publicKeyId;
    }

    public StringProperty merchantNameProperty() {
        return merchantName;
    }

    public StringProperty publicUrlProperty() {
        return publicUrl;
    }

    /** The APIv3 key as typed; blank keeps the one on file. */
    public StringProperty apiV3KeyProperty() {
        return apiV3Key;
    }

    /** The official account's AppSecret as typed (paying inside WeChat); blank keeps the one on file. */
    public StringProperty appSecretProperty() {
        return appSecret;
    }

    /** Whether the official account's AppSecret is on file (kept when the field is left blank). */
    public ReadOnlyStringProperty appSecretHintProperty() {
        return appSecretHint.getReadOnlyProperty();
    }

    /** Which mode payments run in now, in a sentence. */
    public ReadOnlyStringProperty modeLineProperty() {
        return modeLine.getReadOnlyProperty();
    }

    /** Whether real money moves now (LIVE against WeChat Pay itself). */
    public ReadOnlyBooleanProperty liveProperty() {
        return live.getReadOnlyProperty();
    }

    /** "chosen: apiclient_key.pem", or whether one is on file; never the key. */
    public ReadOnlyStringProperty privateKeyLineProperty() {
        return privateKeyLine.getReadOnlyProperty();
    }

    /** "chosen: pub_key.pem", or whether one is on file; never the key. */
    public ReadOnlyStringProperty platformKeyLineProperty() {
        return platformKeyLine.getReadOnlyProperty();
    }

    /** Whether an APIv3 key is on file (kept when the field is left blank). */
    public ReadOnlyStringProperty apiV3KeyHintProperty() {
        return apiV3KeyHint.getReadOnlyProperty();
    }

    /** Where WeChat Pay posts its notifications, from the public address typed. */
    public ReadOnlyStringProperty notifyUrlProperty() {
        return notifyUrl.getReadOnlyProperty();
    }

    /** Where this node keeps the merchant's secrets. */
    public ReadOnlyStringProperty keyDirectoryProperty() {
        return keyDirectory.getReadOnlyProperty();
    }

    /** Whether a save or a try is waiting for WeChat Pay. */
    public ReadOnlyBooleanProperty workingProperty() {
        return working.getReadOnlyProperty();
    }

    /** Whether the last try succeeded; null before any try, and while one runs. */
    public ReadOnlyObjectProperty<Boolean> trialOkProperty() {
        return trialOk.getReadOnlyProperty();
    }

    /** What the last try came to, in a sentence. */
    public ReadOnlyStringProperty trialSummaryProperty() {
        return trialSummary.getReadOnlyProperty();
    }

    /** What WeChat Pay answered at the last try. */
    public ReadOnlyStringProperty trialDetailProperty() {
        return trialDetail.getReadOnlyProperty();
    }

    /** A key file read, held until saved; its content never shown. */
    private record ChosenKey(String fileName, String pem) {
        @Override
        public String toString() {
            return "ChosenKey[" + fileName + "]";
        }
    }
}

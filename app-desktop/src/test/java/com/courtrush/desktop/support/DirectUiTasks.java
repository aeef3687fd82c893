package com.courtrush.desktop.support;

import com.courtrush.desktop.ui.UiTasks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** Runs "background" work at once on the calling thread, so view models are tested without a toolkit. */
public final class DirectUiTasks implements UiTasks {

    private final RecordingNotices notices;
    public final List<String> ran = new ArrayList<>();
    private final ReadOnlyStringWrapper busy = new ReadOnlyStringWrapper("");

    @Override
    public ReadOnlyStringProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public DirectUiTasks(RecordingNotices notices) {
        this.notices = notices;
    }

    @Override
    public <T> void run(String what, Callable<T> work, Consumer<T> onSuccess) {
        run(what, work, onSuccess, error -> notices.failed(what, error));
    }

    @Override
    public <T> void run(String what, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        ran.add(what);
        T result;
        try {
            result = work.call();
        } catch (Exception e) {
            onFailure.accept(e);
            return;
        }
        onSuccess.accept(result);
    }

    @Override
    public <T> void runWithProgress(
            String what,
            ProgressWork<T> work,
            Progress progress,
            Consumer<T> onSuccess,
            Consumer<Throwable> onFailure) {
        run(what, () -> work.run(progress), onSuccess, onFailure);
    }
}

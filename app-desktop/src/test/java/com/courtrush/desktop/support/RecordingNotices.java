package com.courtrush.desktop.support;

import com.courtrush.desktop.ui.Notices;
import java.util.ArrayList;
import java.util.List;

/** Remembers what a view model told the user. */
public final class RecordingNotices implements Notices {

    public final List<String> infos = new ArrayList<>();
    public final List<Throwable> failures = new ArrayList<>();
    public final List<String> failedWhat = new ArrayList<>();
    public final List<String> questions = new ArrayList<>();
    /** What the staff answer to {@link #confirm}. */
    public boolean answer = true;

    @Override
    public void info(String message) {
        infos.add(message);
    }

    @Override
    public void failed(String what, Throwable error) {
        failedWhat.add(what);
        failures.add(error);
    }

    @Override
    public boolean confirm(String message) {
        questions.add(message);
        return answer;
    }

    public String lastFailureMessage() {
        return failures.isEmpty() ? null : failures.get(failures.size() - 1).getMessage();
    }
}

package com.courtrush.desktop.support;

import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.Notices;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Remembers what a view model told the user. */
public final class RecordingNotices implements Notices {

    public final List<String> infos = new ArrayList<>();
    public final List<Throwable> failures = new ArrayList<>();
    public final List<String> failedWhat = new ArrayList<>();
    public final List<String> questions = new ArrayList<>();
    /** What the staff answer to {@link #confirm}. */
    public boolean answer = true;
    /** The destructive steps staff were asked about. */
    public final List<Destructive> steps = new ArrayList<>();
    /** The reason staff type into a destructive step's dialog (when it asks for one). */
    public String reason = "a reason";
    /** Whether staff tick a destructive step's option. */
    public boolean option;

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

    @Override
    public Optional<Destructive.Answer> confirm(Destructive step) {
        steps.add(step);
        if (!answer) {
            return Optional.empty();
        }
        if (step.needsReason() && (reason == null || reason.isBlank())) {
            throw new AssertionError("the dialog refuses an empty reason; a test answering with one is wrong");
        }
        return Optional.of(new Destructive.Answer(step.needsReason() ? reason.strip() : "", option));
    }

    public Destructive lastStep() {
        return steps.isEmpty() ? null : steps.get(steps.size() - 1);
    }

    public String lastFailureMessage() {
        return failures.isEmpty() ? null : failures.get(failures.size() - 1).getMessage();
    }
}

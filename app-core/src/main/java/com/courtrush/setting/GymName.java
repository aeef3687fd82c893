package com.courtrush.setting;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.api.SettingProblem;
import com.courtrush.setting.api.SettingKey;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The gym's name as people read it on receipts, shift reports and emails (issue 76): the one given at the console's
 * first start, kept in the database for every node, else {@code courtrush.gym-name}.
 */
@Service
public class GymName {

    /** The longest name: a receipt's line. */
    public static final int MOST_CHARACTERS = 64;

    private final AppSettings settings;
    private final String configured;

    public GymName(AppSettings settings, CourtRushProperties properties) {
        this.settings = settings;
        this.configured = properties.gymName().strip();
    }

    /** The name now (a change reaches every node within the settings' cache, seconds). */
    public String current() {
        String saved = settings.get(SettingKey.GYM_NAME);
        return saved == null || saved.isBlank() ? configured : saved;
    }

    /** Names the gym; refused (400) when blank, longer than {@link #MOST_CHARACTERS} or holding a control character. */
    public void name(String name) {
        if (problem(name).isPresent()) {
            throw CourtRushException.badRequest("setting.gymName", MOST_CHARACTERS);
        }
        settings.set(SettingKey.GYM_NAME, name.strip());
    }

    /** What is wrong with {@code name} as the gym's name (stripped), if anything. */
    public static Optional<SettingProblem> problem(String name) {
        String stripped = name == null ? "" : name.strip();
        boolean wrong = stripped.isEmpty()
                || stripped.codePointCount(0, stripped.length()) > MOST_CHARACTERS
                || stripped.codePoints().anyMatch(Character::isISOControl);
        return wrong ? Optional.of(SettingProblem.NOT_A_NAME) : Optional.empty();
    }
}

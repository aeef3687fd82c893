package com.courtrush.setting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.core.CourtRushException;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.TestProperties;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 76: receipts printed "CourtRush"; the name given at the first start is what they print. */
class GymNameTest {

    final FakeSettings settings = new FakeSettings();
    final GymName gym = new GymName(
            settings,
            TestProperties.courtRush(Map.of("courtrush.data-dir", "/tmp/unused", "courtrush.gym-name", "Gym")));

    @Test
    void theConfiguredNameUntilTheGymIsNamedThenTheGivenOne() {
        assertThat(gym.current()).isEqualTo("Gym");

        gym.name("  北校区体育馆 ");

        assertThat(gym.current()).isEqualTo("北校区体育馆");
        assertThat(settings.get(SettingKey.GYM_NAME)).isEqualTo("北校区体育馆");
    }

    @Test
    void aNameOfSixtyFourCharactersOfAnyScriptIsTakenAndNothingLongerBlankOrControlled() {
        gym.name("馆".repeat(GymName.MOST_CHARACTERS));
        assertThat(gym.current()).hasSize(GymName.MOST_CHARACTERS);

        for (String refused : new String[] {"", "   ", "馆".repeat(GymName.MOST_CHARACTERS + 1), "North\nGym"}) {
            assertThatThrownBy(() -> gym.name(refused))
                    .as("'%s'", refused)
                    .isInstanceOfSatisfying(
                            CourtRushException.class, e -> assertThat(e.key()).isEqualTo("setting.gymName"));
        }
        assertThat(gym.current()).hasSize(GymName.MOST_CHARACTERS);
    }
}

package com.courtrush.setting;

import com.courtrush.setting.api.SettingKey;
import java.util.Set;

/**
 * Live settings a manager just changed (published on the node that changed them, after they are stored): a rule
 * that depends on one re-applies it to what already exists, once, from here.
 */
public record SettingsChanged(Set<SettingKey> keys) {

    public SettingsChanged {
        keys = Set.copyOf(keys);
    }

    public boolean anyOf(SettingKey... watched) {
        for (SettingKey key : watched) {
            if (keys.contains(key)) {
                return true;
            }
        }
        return false;
    }
}

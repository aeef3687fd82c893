/**
 * The values of the start-up settings' rules that cross a desk: what is wrong with a value
 * ({@link com.courtrush.infra.config.api.SettingProblem}), in the answer of a refused save and in a
 * saved value the engine cannot start with ({@link com.courtrush.infra.config.api.BadSavedSetting}),
 * which {@code setting.desk.SettingsDesk} hands the console. Leaves: they depend on nothing of the engine.
 */
package com.courtrush.infra.config.api;

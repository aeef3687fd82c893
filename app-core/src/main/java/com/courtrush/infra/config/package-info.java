/**
 * The engine's settings ({@link com.courtrush.infra.config.CourtRushProperties}), the start-up
 * settings kept in the data directory ({@link com.courtrush.infra.config.LocalSettings},
 * {@link com.courtrush.infra.config.SettingRules}), the mode's defaults, failure analyzers that say what
 * is wrong without a stack trace, the database plumbing, scheduling and background work.
 */
package com.courtrush.infra.config;

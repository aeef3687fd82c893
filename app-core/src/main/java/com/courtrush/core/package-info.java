/**
 * What every part of the engine shares and that leans on none of them: the outcome names of the API
 * contract ({@link com.courtrush.core.Outcome}), the one exception that tells a caller why
 * ({@link com.courtrush.core.CourtRushException}), the engine's texts for people in two languages
 * ({@link com.courtrush.core.EngineText}, {@link com.courtrush.core.EngineMessages}), what counts as an
 * outage, and safe handling of user-written text.
 */
package com.courtrush.core;

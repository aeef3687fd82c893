package com.courtrush.venue.api;

import com.courtrush.account.api.Category;
import java.util.List;

/**
 * Who may book a venue and what they pay (SPEC §21): a slot no band covers costs its own price (the gym's default
 * without one), whoever books it.
 *
 * @param categories the categories whose members may book its slots
 * @param bands      its price bands; where several cover a slot, one of its sport beats one of every sport, one of
 *                   weekdays or the weekend beats one of every day, and a shorter one beats a longer one
 */
public record VenuePrices(List<Category> categories, List<PriceBandForm> bands) {}

package com.courtrush.venue.api;

import com.courtrush.core.CourtRushException;
import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;

/**
 * Which venues' desks a caller works now (SPEC §21): a desk worker's own venues, or every venue (a manager, the admin
 * token, a staff member of no venue in particular) — narrowed to one when they pick it.
 *
 * @param venueIds the venues; null: every venue
 * @param names    a venue's name for the words of a refusal (an {@code EngineText} in either language); null: its id
 */
public record DeskScope(Set<Long> venueIds, @JsonIgnore LongFunction<Object> names) {

    /** The venues, named by their ids in a refusal. */
    public DeskScope(Set<Long> venueIds) {
        this(venueIds, null);
    }

    public static final DeskScope ALL = new DeskScope(null);

    public DeskScope {
        venueIds = venueIds == null ? null : Set.copyOf(venueIds);
    }

    public boolean all() {
        return venueIds == null;
    }

    /** Whether a booking, slot or receipt of this venue is this desk's. */
    public boolean covers(long venueId) {
        return venueIds == null || venueIds.contains(venueId);
    }

    /** Refuses (403) what belongs to another venue's desk: a desk worker never sees or changes it. */
    public void require(long venueId) {
        if (!covers(venueId)) {
            throw CourtRushException.forbidden("desk.otherVenue", names == null ? venueId : names.apply(venueId));
        }
    }

    /** This scope narrowed to the venue picked; none picked: as it is. A venue not this desk's is refused (403). */
    public DeskScope narrowedTo(Long venueId) {
        if (venueId == null) {
            return this;
        }
        require(venueId);
        return new DeskScope(Set.of(venueId), names);
    }

    /** Those of {@code items} whose venue ({@code venueOf}) this desk covers, in their order. */
    public <T> List<T> within(List<T> items, ToLongFunction<T> venueOf) {
        return all()
                ? items
                : items.stream()
                        .filter(item -> covers(venueOf.applyAsLong(item)))
                        .toList();
    }

    /** Scopes of the same venues are the same, however they name them. */
    @Override
    public boolean equals(Object other) {
        return other instanceof DeskScope scope && java.util.Objects.equals(venueIds, scope.venueIds);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hashCode(venueIds);
    }

    @Override
    public String toString() {
        return all() ? "DeskScope[every venue]" : "DeskScope" + venueIds;
    }

    /** The one venue of this scope, or null (every venue, or several). */
    public Long single() {
        return venueIds != null && venueIds.size() == 1 ? venueIds.iterator().next() : null;
    }
}

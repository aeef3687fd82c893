package com.courtrush.venue;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.setting.AppSettings;
import com.courtrush.venue.api.PriceBandForm;
import com.courtrush.venue.api.VenuePrices;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What a slot costs whom, and who may book a venue (SPEC §21): each venue's categories and price bands, kept in memory
 * and read again in the background every few seconds (another node's change is seen within {@link #FRESH}) — the consumer prices every
 * grant it records, and the slot list every slot it shows.
 */
@Service
public class Prices {

    static final Duration FRESH = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(Prices.class);

    private final PriceBandMapper bands;
    private final VenueMapper venues;
    private final SportMapper sports;
    private final AppSettings settings;
    private final AuditTrail audit;
    /** What was last read; null until the first price is asked for. */
    private volatile Known known;

    Prices(PriceBandMapper bands, VenueMapper venues, SportMapper sports, AppSettings settings, AuditTrail audit) {
        this.bands = bands;
        this.venues = venues;
        this.sports = sports;
        this.settings = settings;
        this.audit = audit;
    }

    /** Every venue's categories and bands as last read. */
    private record Known(Map<Long, Set<Category>> categories, Map<Long, List<PriceBand>> bands) {

        Set<Category> of(long venueId) {
            return categories.getOrDefault(venueId, EnumSet.allOf(Category.class));
        }
    }

    /** What was last read, read now if nothing was yet (the first request after a start). */
    private Known known() {
        Known read = known;
        if (read == null) {
            read = load();
            known = read;
        }
        return read;
    }

    /**
     * Read again in the background every {@link #FRESH} once anything was read: no request waits for the database when
     * what it read grows old (a grant is priced on the consumer's thread, an admission on the reserve path's). A failed
     * read keeps what was read before.
     */
    @Scheduled(fixedDelay = 10_000, initialDelay = 10_000)
    void readAgain() {
        if (known == null) {
            return;
        }
        try {
            known = load();
        } catch (RuntimeException e) {
            log.warn("Cannot read the venues' prices again; the ones read before stand until the next try", e);
        }
    }

    private Known load() {
        Map<Long, Set<Category>> categories = venues.selectList(null).stream()
                .collect(Collectors.toMap(Venue::getId, venue -> categories(venue.getCategories())));
        Map<Long, List<PriceBand>> byVenue = bands.selectList(null).stream()
                .sorted(PriceBand.MOST_SPECIFIC)
                .collect(Collectors.groupingBy(PriceBand::getVenueId));
        return new Known(categories, byVenue);
    }

    /**
     * What a slot of a venue's sport starting then costs a member of the category: the most specific band covering it,
     * else its own price ({@code ownPriceCents}; the gym's default without one).
     */
    public int priceOf(
            long venueId, String sport, LocalDate date, LocalTime start, Integer ownPriceCents, Category category) {
        return known().bands().getOrDefault(venueId, List.of()).stream()
                .filter(band -> band.covers(sport, category, date, start))
                .findFirst()
                .map(PriceBand::getPriceCents)
                .orElseGet(() -> settings.priceCents(ownPriceCents));
    }

    /** What such a slot costs each category that may book its venue, in the categories' order. */
    public Map<Category, Integer> pricesOf(
            long venueId, String sport, LocalDate date, LocalTime start, Integer ownPriceCents) {
        Map<Category, Integer> prices = new EnumMap<>(Category.class);
        for (Category category : known().of(venueId)) {
            prices.put(category, priceOf(venueId, sport, date, start, ownPriceCents, category));
        }
        return prices;
    }

    /** Whether members of the category may book the venue's slots. */
    public boolean admits(long venueId, Category category) {
        return known().of(venueId).contains(category);
    }

    /** Refuses (403) a member of a category the venue does not admit, in the category's words. */
    public void requireAdmitted(long venueId, Category category) {
        if (!admits(venueId, category)) {
            throw CourtRushException.forbidden("price.notAdmitted", new EngineText("category." + category.name()));
        }
    }

    /** A venue's categories and bands, as a manager set them. */
    public VenuePrices of(long venueId) {
        Venue venue = requireVenue(venueId);
        List<PriceBandForm> forms = bands
                .selectList(new LambdaQueryWrapper<PriceBand>()
                        .eq(PriceBand::getVenueId, venueId)
                        .orderByAsc(PriceBand::getSport, PriceBand::getCategory, PriceBand::getDays)
                        .orderByAsc(PriceBand::getStarts))
                .stream()
                .map(PriceBand::form)
                .toList();
        return new VenuePrices(List.copyOf(categories(venue.getCategories())), forms);
    }

    /**
     * Sets a venue's categories and replaces its bands, in one transaction: refused whole when a band is incomplete,
     * names an unknown sport, or overlaps another of the same sport, category and days (which would leave a slot's
     * price to chance). What is already granted keeps its price.
     */
    @Transactional
    public VenuePrices set(long venueId, VenuePrices prices, Caller manager) {
        Venue venue = requireVenue(venueId);
        Set<String> sports =
                this.sports.selectList(null).stream().map(Sport::getCode).collect(Collectors.toSet());
        if (prices.categories() == null || prices.categories().isEmpty()) {
            throw CourtRushException.badRequest("price.categories");
        }
        List<PriceBand> rows = (prices.bands() == null ? List.<PriceBandForm>of() : prices.bands())
                .stream()
                        .map(form -> checked(venueId, form, sports))
                        .sorted(Comparator.comparing(PriceBand::getStarts))
                        .toList();
        for (int i = 0; i < rows.size(); i++) {
            for (int j = i + 1; j < rows.size(); j++) {
                PriceBand one = rows.get(i);
                PriceBand other = rows.get(j);
                if (one.sameKind(other) && one.overlaps(other)) {
                    throw CourtRushException.badRequest(
                            "price.overlap",
                            one.getSport() == null ? "*" : one.getSport(),
                            one.getCategory(),
                            one.getDays(),
                            other.getStarts());
                }
            }
        }
        String categories =
                EnumSet.copyOf(prices.categories()).stream().map(Category::name).collect(Collectors.joining(","));
        venue.setCategories(categories);
        venues.updateById(venue);
        bands.delete(new LambdaQueryWrapper<PriceBand>().eq(PriceBand::getVenueId, venueId));
        rows.forEach(bands::insert);
        audit.record(
                manager.actor(),
                AuditAction.SET_PRICES,
                AuditTarget.VENUE,
                venueId,
                new EngineText(
                        "audit.prices",
                        venue.getNameZh() == null ? venueId : venue.getNameZh(),
                        rows.size(),
                        categories));
        known = load();
        return of(venueId);
    }

    private static PriceBand checked(long venueId, PriceBandForm form, Set<String> sports) {
        if (form == null
                || form.category() == null
                || form.starts() == null
                || form.ends() == null
                || !form.ends().isAfter(form.starts())
                || form.priceCents() == null
                || form.priceCents() < 0
                || form.priceCents() > 10_000_000) {
            throw CourtRushException.badRequest("price.band");
        }
        PriceBand band = PriceBand.of(venueId, form);
        if (band.getSport() != null && !sports.contains(band.getSport())) {
            throw CourtRushException.badRequest("sport.unknown", band.getSport());
        }
        return band;
    }

    private Venue requireVenue(long venueId) {
        Venue venue = venues.selectById(venueId);
        if (venue == null) {
            throw CourtRushException.notFound("venue.notFound", venueId);
        }
        return venue;
    }

    private static Set<Category> categories(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) {
            return EnumSet.allOf(Category.class);
        }
        Set<Category> categories = EnumSet.noneOf(Category.class);
        Arrays.stream(commaSeparated.split(","))
                .map(String::strip)
                .filter(word -> !word.isEmpty())
                .forEach(word -> categories.add(Category.valueOf(word)));
        return categories;
    }
}

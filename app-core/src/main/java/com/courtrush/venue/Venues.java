package com.courtrush.venue;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.setting.GymName;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenueView;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The sports centre's venues and sports (SPEC §21): made, changed and listed; each change audited in the name of who
 * made it. A venue not named apart from the gym (the installation from before venues) is named as the gym is.
 */
@Service
public class Venues {

    private static final Object OPEN = new Object();

    /** A sport's code as a manager names one: capitals, digits and '_', a capital first. */
    private static final Pattern SPORT_CODE = Pattern.compile("[A-Z][A-Z0-9_]{1,31}");

    private final VenueMapper venues;
    private final SportMapper sports;
    private final GymName gymName;
    private final AuditTrail audit;
    private final LoadingCache<Object, List<VenueView>> open;

    Venues(VenueMapper venues, SportMapper sports, GymName gymName, AuditTrail audit) {
        this.venues = venues;
        this.sports = sports;
        this.gymName = gymName;
        this.audit = audit;
        this.open = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(5))
                .build(key -> list().stream().filter(VenueView::active).toList());
    }

    /** Every venue, active or not, first made first. */
    public List<VenueView> list() {
        return views(venues.selectList(new LambdaQueryWrapper<Venue>().orderByAsc(Venue::getId)));
    }

    /**
     * The venues students may pick: active, with their active courts' sports — read again every few seconds (every
     * phone asks as it opens the page, the rush's crowd too).
     */
    public List<VenueView> open() {
        return open.get(OPEN);
    }

    public VenueView view(long id) {
        return views(List.of(venue(id))).get(0);
    }

    /** The venue, for a court or an opening to belong to: refused when it does not exist or is closed for good. */
    public Venue requireActive(long id) {
        Venue venue = venue(id);
        if (!Boolean.TRUE.equals(venue.getActive())) {
            throw CourtRushException.badRequest("venue.inactive", name(venue, false));
        }
        return venue;
    }

    @Transactional
    public VenueView create(VenueForm form, Caller manager) {
        if (form.nameZh() == null || form.nameEn() == null) {
            throw CourtRushException.badRequest("venue.name");
        }
        Venue venue = new Venue();
        venue.setActive(true);
        venue.setOpens(LocalTime.of(8, 0));
        venue.setCloses(LocalTime.of(22, 0));
        apply(venue, form);
        venues.insert(venue);
        audit.record(
                manager.actor(),
                AuditAction.CREATE_VENUE,
                AuditTarget.VENUE,
                venue.getId(),
                new EngineText("audit.venue", name(venue, true)));
        open.invalidateAll();
        return view(venue.getId());
    }

    @Transactional
    public VenueView update(long id, VenueForm form, Caller manager) {
        Venue venue = venue(id);
        apply(venue, form);
        venues.updateById(venue);
        audit.record(
                manager.actor(),
                AuditAction.UPDATE_VENUE,
                AuditTarget.VENUE,
                id,
                new EngineText("audit.venue", name(venue, true)));
        open.invalidateAll();
        return view(id);
    }

    /** Every sport, by code. */
    public List<SportView> sports() {
        return sports.selectList(new LambdaQueryWrapper<Sport>().orderByAsc(Sport::getCode)).stream()
                .map(Sport::view)
                .toList();
    }

    /** The sport of this code: refused (400) when there is none. */
    public SportView sport(String code) {
        Sport sport = code == null ? null : sports.selectById(code);
        if (sport == null) {
            throw CourtRushException.badRequest("sport.unknown", String.valueOf(code));
        }
        return sport.view();
    }

    /** Makes the sport of this code, or changes it: its names, slot length, places per court and fair share. */
    @Transactional
    public SportView saveSport(String code, SportForm form, Caller manager) {
        if (code == null || !SPORT_CODE.matcher(code).matches()) {
            throw CourtRushException.badRequest("sport.code");
        }
        if (form.slotMinutes() == null
                || form.placesPerCourt() == null
                || form.slotMinutes() < 5
                || form.slotMinutes() > 720
                || form.placesPerCourt() < 1
                || form.placesPerCourt() > 1000) {
            throw CourtRushException.badRequest("sport.sizes");
        }
        if ((form.perDay() != null && (form.perDay() < 1 || form.perDay() > 20))
                || (form.perWeek() != null && (form.perWeek() < 0 || form.perWeek() > 100))) {
            throw CourtRushException.badRequest("sport.share");
        }
        Sport sport = sports.selectById(code);
        boolean made = sport == null;
        if (made) {
            sport = new Sport();
            sport.setCode(code);
        }
        sport.setNameZh(checkName(form.nameZh(), "nameZh"));
        sport.setNameEn(checkName(form.nameEn(), "nameEn"));
        sport.setSlotMinutes(form.slotMinutes());
        sport.setPlacesPerCourt(form.placesPerCourt());
        sport.setPerDay(form.perDay());
        sport.setPerWeek(form.perWeek());
        if (made) {
            sports.insert(sport);
        } else {
            sports.updateById(sport);
        }
        audit.record(
                manager.actor(),
                AuditAction.SAVE_SPORT,
                AuditTarget.SPORT,
                code,
                new EngineText("audit.sport", code, sport.getNameZh(), sport.getNameEn()));
        open.invalidateAll();
        return sport.view();
    }

    private void apply(Venue venue, VenueForm form) {
        if (form.nameZh() != null) {
            venue.setNameZh(checkName(form.nameZh(), "nameZh"));
        }
        if (form.nameEn() != null) {
            venue.setNameEn(checkName(form.nameEn(), "nameEn"));
        }
        if (form.location() != null) {
            String where = form.location().strip();
            if (where.length() > 200) {
                throw CourtRushException.badRequest("venue.location");
            }
            venue.setLocation(where.isEmpty() ? null : Texts.requirePlain(where, "location"));
        }
        if (form.opens() != null) {
            venue.setOpens(form.opens());
        }
        if (form.closes() != null) {
            venue.setCloses(form.closes());
        }
        if (!venue.getCloses().isAfter(venue.getOpens())) {
            throw CourtRushException.badRequest("venue.hours", venue.getOpens(), venue.getCloses());
        }
        if (form.active() != null) {
            venue.setActive(form.active());
        }
    }

    private Venue venue(long id) {
        Venue venue = venues.selectById(id);
        if (venue == null) {
            throw CourtRushException.notFound("venue.notFound", id);
        }
        return venue;
    }

    private List<VenueView> views(List<Venue> rows) {
        Map<String, SportView> byCode =
                sports().stream().collect(Collectors.toMap(SportView::code, Function.identity()));
        Map<Long, List<SportView>> sportsOf = venues.sportsOfActiveCourts().stream()
                .collect(Collectors.groupingBy(
                        VenueMapper.VenueSport::venueId,
                        Collectors.mapping(each -> byCode.get(each.sport()), Collectors.toList())));
        return rows.stream()
                .map(venue -> new VenueView(
                        venue.getId(),
                        name(venue, true),
                        name(venue, false),
                        venue.getLocation(),
                        venue.getOpens(),
                        venue.getCloses(),
                        Boolean.TRUE.equals(venue.getActive()),
                        sportsOf.getOrDefault(venue.getId(), List.of()).stream()
                                .filter(Objects::nonNull)
                                .toList()))
                .toList();
    }

    private String name(Venue venue, boolean chinese) {
        String own = chinese ? venue.getNameZh() : venue.getNameEn();
        return own == null ? gymName.current() : own;
    }

    private static String checkName(String name, String field) {
        String clean = name == null ? "" : name.strip();
        if (clean.isEmpty() || clean.codePointCount(0, clean.length()) > 64) {
            throw CourtRushException.badRequest("venue.nameLength", field);
        }
        return Texts.requirePlain(clean, field);
    }
}

package com.courtrush.venue;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.support.WebSlice;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.PriceBandForm;
import com.courtrush.venue.api.PriceDays;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenuePrices;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** Venues and sports (SPEC §21): what students may pick, without signing in; what managers make and change. */
@WebMvcTest(controllers = {VenuesController.class, AdminVenueController.class})
@WebSlice
class VenueWebTest {

    static final SportView TABLE_TENNIS = new SportView("TABLE_TENNIS", "乒乓球", "Table tennis", 60, 1, 1, null);
    static final VenueView ROOM = new VenueView(
            2,
            "乒乓球室",
            "Table-tennis room",
            "North block",
            LocalTime.of(8, 0),
            LocalTime.of(22, 0),
            true,
            List.of(TABLE_TENNIS));

    @Autowired
    MockMvc mvc;

    @MockitoBean
    VenueDesk venues;

    @Test
    void anyoneSeesTheVenuesOpenAndTheirSports() throws Exception {
        given(venues.open()).willReturn(List.of(ROOM));
        mvc.perform(get("/venues"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].nameEn").value("Table-tennis room"))
                .andExpect(jsonPath("$.data[0].opens").value("08:00"))
                .andExpect(jsonPath("$.data[0].sports[0].code").value("TABLE_TENNIS"))
                .andExpect(jsonPath("$.data[0].sports[0].perDay").value(1));
    }

    @Test
    void staffMakeAVenueAndChangeASport() throws Exception {
        given(venues.create(eq(Caller.admin()), any(VenueForm.class))).willReturn(ROOM);
        mvc.perform(post("/admin/venues")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nameZh\":\"乒乓球室\",\"nameEn\":\"Table-tennis room\",\"opens\":\"08:00\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.id").value(2));
        given(venues.saveSport(eq(Caller.admin()), eq("TABLE_TENNIS"), any(SportForm.class)))
                .willReturn(TABLE_TENNIS);
        mvc.perform(put("/admin/venues/sports/TABLE_TENNIS")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nameZh\":\"乒乓球\",\"nameEn\":\"Table tennis\",\"slotMinutes\":60,"
                                + "\"placesPerCourt\":1,\"perDay\":1}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.perDay").value(1));
    }

    @Test
    void staffListVenuesAndSportsAndCloseAVenue() throws Exception {
        given(venues.list()).willReturn(List.of(ROOM));
        mvc.perform(get("/admin/venues").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].location").value("North block"));
        given(venues.sports()).willReturn(List.of(TABLE_TENNIS));
        mvc.perform(get("/admin/venues/sports").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].slotMinutes").value(60));
        VenueView closed = new VenueView(
                2, "乒乓球室", "Table-tennis room", null, LocalTime.of(8, 0), LocalTime.of(22, 0), false, List.of());
        given(venues.update(Caller.admin(), 2L, new VenueForm(null, null, null, null, null, false)))
                .willReturn(closed);
        mvc.perform(put("/admin/venues/2")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"active\":false}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.active").value(false));
    }

    /** SPEC §21: who may book a venue and its bands, read and set whole, the times as the console writes them. */
    @Test
    void staffReadAVenuesPricesAndSetThemWhole() throws Exception {
        VenuePrices prices = new VenuePrices(
                List.of(Category.STUDENT, Category.FACULTY),
                List.of(new PriceBandForm(
                        "BADMINTON",
                        Category.FACULTY,
                        PriceDays.WEEKEND,
                        LocalTime.of(18, 0),
                        LocalTime.of(22, 0),
                        4000)));
        given(venues.prices(2L)).willReturn(prices);
        mvc.perform(get("/admin/venues/2/prices").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.categories[1]").value("FACULTY"))
                .andExpect(jsonPath("$.data.bands[0].starts").value("18:00"))
                .andExpect(jsonPath("$.data.bands[0].days").value("WEEKEND"));
        given(venues.setPrices(Caller.admin(), 2L, prices)).willReturn(prices);
        mvc.perform(put("/admin/venues/2/prices")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"categories\":[\"STUDENT\",\"FACULTY\"],\"bands\":[{\"sport\":\"BADMINTON\","
                                + "\"category\":\"FACULTY\",\"days\":\"WEEKEND\",\"starts\":\"18:00\",\"ends\":\"22:00\","
                                + "\"priceCents\":4000}]}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.bands[0].priceCents").value(4000));
    }

    /** SPEC §21: which venues' desks each staff member works, set by a manager; none: every venue. */
    @Test
    void staffAreGivenTheVenuesWhoseDeskTheyWork() throws Exception {
        given(venues.staffVenues()).willReturn(java.util.Map.of(31L, List.of(2L)));
        mvc.perform(get("/admin/venues/staff").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data['31'][0]").value(2));
        given(venues.deskScope(Caller.admin())).willReturn(new DeskScope(java.util.Set.of(2L), id -> "hall " + id));
        mvc.perform(get("/admin/venues/desk").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.venueIds[0]").value(2))
                .andExpect(jsonPath("$.data.names").doesNotExist());
        given(venues.assignStaff(Caller.admin(), 31L, List.of(2L, 3L))).willReturn(List.of(2L, 3L));
        mvc.perform(put("/admin/venues/staff/31")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"venueIds\":[2,3]}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[1]").value(3));
    }

    @Test
    void studentsMayNotChangeVenues() throws Exception {
        mvc.perform(post("/admin/venues")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"nameZh\":\"x\",\"nameEn\":\"x\"}"))
                .andExpect(status().isForbidden());
    }
}

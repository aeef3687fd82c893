package com.courtrush.court;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.support.WebSlice;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Courts: staff create, list, rename and take one out of service, through the desk.
 */
@WebMvcTest(controllers = {AdminCourtController.class})
@WebSlice
class CourtWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    CourtDesk courtDesk;

    @Test
    void staffCreateACourtAndAreToldItsId() throws Exception {
        given(courtDesk.create("A", 1, "BADMINTON", Caller.admin())).willReturn(new CourtView(3L, "A", true));
        mvc.perform(post("/admin/courts")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"courtName\":\"A\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.id").value(3));
    }

    @Test
    void aCourtIsMadeInAVenueForASportAndMovedToAnother() throws Exception {
        given(courtDesk.create("T1", 2, "TABLE_TENNIS", Caller.admin()))
                .willReturn(new CourtView(4L, "T1", true, 2, "TABLE_TENNIS"));
        mvc.perform(post("/admin/courts")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"courtName\":\"T1\",\"venueId\":2,\"sport\":\"TABLE_TENNIS\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.id").value(4));
        given(courtDesk.move(4L, 3L, null, Caller.admin()))
                .willReturn(new CourtView(4L, "T1", true, 3, "TABLE_TENNIS"));
        mvc.perform(put("/admin/courts/4")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"venueId\":3}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.venueId").value(3))
                .andExpect(jsonPath("$.data.sport").value("TABLE_TENNIS"));
    }

    @Test
    void staffListTheCourts() throws Exception {
        given(courtDesk.list(any())).willReturn(List.of(new CourtView(3L, "A", true)));
        mvc.perform(get("/admin/courts").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].courtName").value("A"));
    }

    @Test
    void staffTakeACourtOutOfService() throws Exception {
        given(courtDesk.setActive(3L, false, Caller.admin())).willReturn(new CourtView(3L, "A", false));
        mvc.perform(put("/admin/courts/3")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"active\":false}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.active").value(false));
    }
}

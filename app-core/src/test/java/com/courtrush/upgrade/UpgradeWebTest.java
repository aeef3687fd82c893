package com.courtrush.upgrade;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebSlice;
import com.courtrush.upgrade.api.UpgradeWindow;
import com.courtrush.upgrade.desk.UpgradeDesk;
import java.time.LocalDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * An upgrade announced, through the desk (issue 80): read, announced with its minutes (30 when the body says none),
 * called off. Who may and when are the desk's (the manager's guard, an opening's rush: {@code UpgradePageIT}).
 */
@WebMvcTest(controllers = {AdminMaintenanceController.class})
@WebSlice
class UpgradeWebTest {

    static final UpgradeWindow WINDOW = new UpgradeWindow(
            "4242@gym-node-1/ab12", LocalDateTime.of(2026, 11, 22, 10, 0), LocalDateTime.of(2026, 11, 22, 10, 20));

    @Autowired
    MockMvc mvc;

    @MockitoBean
    UpgradeDesk desk;

    @Test
    void anUpgradeIsReadAnnouncedWithItsMinutesAndCalledOff() throws Exception {
        given(desk.announced()).willReturn(Optional.empty());
        mvc.perform(get("/admin/maintenance/upgrade").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data").isEmpty());

        given(desk.announce(any(), argThat(a -> a != null && a.minutesOrDefault() == 20)))
                .willReturn(WINDOW);
        mvc.perform(post("/admin/maintenance/upgrade")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"minutes\":20}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.node").value("4242@gym-node-1/ab12"))
                .andExpect(jsonPath("$.data.until").value("2026-11-22T10:20:00"));

        given(desk.announce(any(), argThat(a -> a != null && a.minutes() == null)))
                .willReturn(WINDOW);
        mvc.perform(post("/admin/maintenance/upgrade").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.since").value("2026-11-22T10:00:00"));

        given(desk.callOff(any())).willReturn(Optional.of(WINDOW));
        mvc.perform(delete("/admin/maintenance/upgrade").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.until").value("2026-11-22T10:20:00"));
    }
}

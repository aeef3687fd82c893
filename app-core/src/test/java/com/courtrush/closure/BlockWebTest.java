package com.courtrush.closure;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.BlockView;
import com.courtrush.closure.api.NewBlock;
import com.courtrush.closure.desk.BlockDesk;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** Class and team blocks (SPEC §21): a court held on Tuesday evenings for a term, listed, skipped once, ended. */
@WebMvcTest(controllers = {AdminBlockController.class})
@WebSlice
class BlockWebTest {

    static final LocalDate FIRST = LocalDate.parse("2026-09-08");
    static final LocalTime SEVEN = LocalTime.of(19, 0);
    static final BlockView TEAM = new BlockView(
            3, 2, 2, SEVEN, SEVEN.plusHours(2), FIRST, FIRST.plusWeeks(16), "校羽毛球队", "admin", List.of(), 17, 1, 2);

    @Autowired
    MockMvc mvc;

    @MockitoBean
    BlockDesk blocks;

    @Test
    void aManagerHoldsACourtForATermAndIsToldWhatItDid() throws Exception {
        given(blocks.hold(
                        eq(Caller.admin()),
                        eq(new NewBlock(2L, 2, SEVEN, SEVEN.plusHours(2), FIRST, FIRST.plusWeeks(16), "校羽毛球队"))))
                .willReturn(TEAM);
        mvc.perform(post("/admin/blocks")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"courtId\":2,\"weekday\":2,\"starts\":\"19:00\",\"ends\":\"21:00\","
                                + "\"firstDay\":\"2026-09-08\",\"lastDay\":\"2026-12-29\",\"label\":\"校羽毛球队\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.slotsHeld").value(17))
                .andExpect(jsonPath("$.data.starts").value("19:00"))
                .andExpect(jsonPath("$.data.refunded").value(2));
    }

    @Test
    void staffSeeTheBlocksAndAManagerSkipsADateAndEndsOne() throws Exception {
        given(blocks.recent()).willReturn(List.of(TEAM));
        mvc.perform(get("/admin/blocks").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].label").value("校羽毛球队"));
        LocalDate holiday = LocalDate.parse("2026-10-06");
        given(blocks.skip(Caller.admin(), 3, holiday))
                .willReturn(new BlockView(
                        3,
                        2,
                        2,
                        SEVEN,
                        SEVEN.plusHours(2),
                        FIRST,
                        FIRST.plusWeeks(16),
                        "校羽毛球队",
                        "admin",
                        List.of(holiday),
                        17,
                        1,
                        2));
        mvc.perform(post("/admin/blocks/3/skips/2026-10-06").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.skips[0]").value("2026-10-06"));
        given(blocks.end(Caller.admin(), 3)).willReturn(TEAM);
        mvc.perform(delete("/admin/blocks/3").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.id").value(3));
    }
}

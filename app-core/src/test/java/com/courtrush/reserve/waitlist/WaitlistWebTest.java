package com.courtrush.reserve.waitlist;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.CourtRushException;
import com.courtrush.reserve.decide.VenueAdmission;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The waitlist: joining, leaving, a student's waits; an offered place taken (202) or declined.
 */
@WebMvcTest(controllers = {WaitlistController.class})
@WebSlice
class WaitlistWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    Waitlists waitlists;

    @MockitoBean
    OfferAcceptance offerAcceptance;

    @MockitoBean
    VenueAdmission admission;

    /** SPEC §21: no place in line at a venue that does not admit what the student books as. */
    @Test
    void aVenueThatDoesNotAdmitTheStudentKeepsThemOffItsWaitlists() throws Exception {
        willThrow(CourtRushException.forbidden("price.notAdmitted", "faculty"))
                .given(admission)
                .require(eq(1L), any());
        mvc.perform(post("/reserve/waitlist")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isForbidden());
        verify(waitlists, never()).join(anyLong(), anyLong(), anyLong());
    }

    @Test
    void aStudentJoinsAWaitlistAndIsToldTheirPlace() throws Exception {
        given(waitlists.join(7L, 1L, 2L)).willReturn(new Waitlists.Joined(2L, 3L));
        mvc.perform(post("/reserve/waitlist")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.position").value(3));
    }

    @Test
    void anOfferTakenIs202WithItsTraceId() throws Exception {
        given(offerAcceptance.accept(7L, 1L, 2L))
                .willReturn(new OfferAcceptance.Taken(
                        "0123456789abcdef0123456789abcdef", CompletableFuture.completedFuture("done")));
        mvc.perform(post("/reserve/offers/2/accept")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"sessionId\":1}"))
                .andExpect(status().isAccepted())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.traceId").value("0123456789abcdef0123456789abcdef"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"DELETE|/reserve/waitlist/2|", "GET|/reservations/waits|", "POST|/reserve/offers/2/decline|"})
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STUDENT, method, path, body);
    }
}

package com.courtrush.reserve.lifecycle;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * A student's bookings: the recent ones, the older ones a page at a time, and cancelling one.
 */
@WebMvcTest(controllers = {StudentReservationController.class})
@WebSlice
class MyReservationsWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    MyReservations mine;

    @MockitoBean
    ReservationCancellation cancellation;

    @Test
    void aStudentCancelsTheirBooking() throws Exception {
        Reservation cancelled = new Reservation();
        cancelled.setId(5L);
        cancelled.setSlotId(2L);
        cancelled.setSessionId(1L);
        cancelled.setStatus(ReservationStatus.CANCELLED);
        given(cancellation.cancelByOwner(eq(5L), any())).willReturn(cancelled);
        mvc.perform(delete("/reserve/5").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.message").isNotEmpty())
                .andExpect(jsonPath("$.data.status").value("CANCELLED"));
    }

    @Test
    void aStudentListsTheirBookings() throws Exception {
        WebCalls.answersOk(mvc, STUDENT, HttpMethod.GET, "/reservations/mine", null);
        verify(mine).of(7L);
    }

    /** The older bookings a page at a time (SPEC §8, §20): the next page after the last one shown, a bounded size. */
    @Test
    void aStudentPagesTheirOlderBookings() throws Exception {
        WebCalls.answersOk(mvc, STUDENT, HttpMethod.GET, "/reservations/mine/history", null);
        verify(mine).history(7L, null, 20);
        WebCalls.answersOk(mvc, STUDENT, HttpMethod.GET, "/reservations/mine/history?before=41&size=10", null);
        verify(mine).history(7L, 41L, 10);
        mvc.perform(get("/reservations/mine/history?size=51").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
        mvc.perform(get("/reservations/mine/history?before=-1").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest());
    }

    /** An older game the student played as an accepted partner is in their history as in /mine: marked, named. */
    @Test
    void anOlderGamePlayedAsAPartnerSaysWhoseItIs() throws Exception {
        MyReservation own = new MyReservation();
        own.setReservationId(40L);
        own.setStatus(ReservationStatus.CONFIRMED);
        MyReservation partner = new MyReservation();
        partner.setReservationId(41L);
        partner.setStatus(ReservationStatus.CONFIRMED);
        partner.setAsPartner(true);
        partner.setBookerName("李雷");
        given(mine.history(7L, null, 20)).willReturn(List.of(partner, own));
        mvc.perform(get("/reservations/mine/history").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].reservationId").value(41))
                .andExpect(jsonPath("$.data[0].asPartner").value(true))
                .andExpect(jsonPath("$.data[0].bookerName").value("李雷"))
                .andExpect(jsonPath("$.data[1].asPartner").value(false))
                .andExpect(jsonPath("$.data[1].bookerName").value(org.hamcrest.Matchers.nullValue()));
    }
}

package com.courtrush.attendance;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
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
 * Attendance: the desk's day, check-in and its undo, walk-ins, payment at the desk and strikes, through the desk; a student's codes and standing.
 */
@WebMvcTest(controllers = {AdminAttendanceController.class, StudentAttendanceController.class})
@WebSlice
class AttendanceWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    AttendanceDesk attendanceDesk;

    @MockitoBean
    CheckIns checkIns;

    @MockitoBean
    Strikes strikes;

    @Test
    void withoutADateTheDesksDayIsToday() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.GET, "/admin/check-in", null);
        verify(attendanceDesk).day(LocalDate.parse("2026-11-22"), null, null, Caller.admin());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/check-in?date=2026-11-23&q=s7|",
                "GET|/admin/board?date=2026-11-23|",
                "GET|/admin/board?date=2026-11-23&venueId=2|",
                "POST|/admin/check-in/scan|{\"code\":\"K7Q2\"}",
                "POST|/admin/check-in/5|",
                "DELETE|/admin/check-in/5|",
                "GET|/admin/walk-in|",
                "POST|/admin/walk-in|{\"slotId\":2,\"studentId\":\"s7\",\"expectedCents\":2000}",
                "GET|/admin/strikes?studentId=s7|",
                "GET|/admin/share?studentId=s7|",
                "POST|/admin/strikes/3/forgive|{\"reason\":\"ill that day\"}"
            })
    void eachStaffHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }

    /** A walk-in's money is taken only for the amount staff were shown and confirmed (issue 74). */
    @Test
    void aWalkInNeedsTheAmountTheDeskConfirmed() throws Exception {
        mvc.perform(post("/admin/walk-in")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"slotId\":2,\"studentId\":\"s7\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("expectedCents")));
        verifyNoInteractions(attendanceDesk);
    }

    /** The board of today when no date is asked for (issue 52). */
    @Test
    void withoutADateTheBoardIsTodays() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.GET, "/admin/board", null);
        verify(attendanceDesk).board(LocalDate.parse("2026-11-22"), null, Caller.admin());
    }

    /** The board's hours are written as its slots' times are: "HH:mm", not "HH:mm:ss". */
    @Test
    void theBoardsHoursAreWrittenLikeItsSlotsTimes() throws Exception {
        LocalDate day = LocalDate.parse("2026-11-23");
        LocalTime eight = LocalTime.parse("08:00");
        LocalTime nine = LocalTime.parse("09:00");
        when(attendanceDesk.board(day, null, Caller.admin()))
                .thenReturn(new DeskBoard(
                        day,
                        day.atTime(7, 30),
                        List.of(new DeskBoard.Court(1, "1号场")),
                        List.of(eight),
                        List.of(new DeskBoard.Cell(5, 1, 1, eight, nine, 2, 2, 2000, false, false, List.of()))));
        mvc.perform(get("/admin/board?date=2026-11-23").header("Authorization", "Bearer " + STAFF))
                .andExpect(jsonPath("$.data.hours[0]").value("08:00"))
                .andExpect(jsonPath("$.data.slots[0].startTime").value("08:00"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/reservations/5/check-in|",
                "GET|/reservations/5/check-in/state|",
                "GET|/reservations/standing|"
            })
    void eachStudentHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STUDENT, method, path, body);
    }

    /** The open check-in sheet's question: the booking's state and when the desk checked it in, nothing drawn. */
    @Test
    void theCheckInSheetIsToldTheBookingsStateAndWhenItWasCheckedIn() throws Exception {
        when(checkIns.stateFor(eq(5L), any()))
                .thenReturn(new CheckIns.CheckInState(
                        5,
                        ReservationStatus.CONFIRMED,
                        LocalDate.parse("2026-11-23").atTime(18, 2)));
        mvc.perform(get("/reservations/5/check-in/state").header("Authorization", "Bearer " + STUDENT))
                .andExpect(jsonPath("$.data.reservationId").value(5))
                .andExpect(jsonPath("$.data.status").value("CONFIRMED"))
                .andExpect(jsonPath("$.data.checkedInTime").isNotEmpty());
        verify(checkIns, never()).codesFor(anyLong(), any());
    }
}

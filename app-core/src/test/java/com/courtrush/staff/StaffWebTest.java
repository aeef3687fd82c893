package com.courtrush.staff;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;

import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.staff.desk.StaffDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Staff's settings and slot edits (capacity, withdrawal and its impact, back on sale, a run of days), through the desks.
 */
@WebMvcTest(controllers = {AdminSettingsController.class, AdminSlotEditController.class})
@WebSlice
class StaffWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    StaffDesk staffDesk;

    @MockitoBean
    SlotDesk slotDesk;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/settings|",
                "PUT|/admin/settings|{\"values\":{\"courtrush.reserve.per-user-limit\":\"2\"}}",
                "PUT|/admin/slots/5|{\"capacity\":2,\"priceCents\":1500}",
                "GET|/admin/slots/5/withdrawal|",
                "POST|/admin/slots/5/withdraw|{\"reason\":\"rain\"}",
                "POST|/admin/slots/5/enable|",
                "POST|/admin/slots/generate-days|{\"firstDate\":\"2026-11-23\",\"days\":2,\"flashTime\":\"12:00\",\"perUserLimit\":1,\"courtIds\":[1],\"startTime\":\"09:00\",\"endTime\":\"11:00\",\"durationMinutes\":60}"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }

    @Test
    void theApiChangesSettingsButNeverTheAdminToken() throws Exception {
        WebCalls.answersOk(
                mvc, STAFF, HttpMethod.PUT, "/admin/settings", "{\"values\":{\"PAY_TIMEOUT_MINUTE\":\"20\"}}");
        verify(staffDesk).update(eq(Map.of("PAY_TIMEOUT_MINUTE", "20")), eq(false), any());
    }
}

package com.courtrush.monitor;

import static com.courtrush.support.WebSlice.STAFF;

import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The live rush, its history and the queues for staff, through the desk.
 */
@WebMvcTest(controllers = {AdminMonitorController.class})
@WebSlice
class MonitorWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    MonitorDesk monitorDesk;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"GET|/admin/monitor/rush/4|", "GET|/admin/monitor/rush/4/history|", "GET|/admin/monitor/queues|"})
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }
}

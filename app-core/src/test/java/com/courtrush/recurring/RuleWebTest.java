package com.courtrush.recurring;

import static com.courtrush.support.WebSlice.STAFF;

import com.courtrush.recurring.desk.RuleDesk;
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
 * Recurring openings for staff, through the desk: the rules, a rule's plan and one-off dates, making the due openings now.
 */
@WebMvcTest(controllers = {AdminRuleController.class})
@WebSlice
class RuleWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    RuleDesk ruleDesk;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/rules|",
                "POST|/admin/rules|{}",
                "PUT|/admin/rules/3|{}",
                "POST|/admin/rules/3/active|{\"active\":true}",
                "GET|/admin/rules/3/plan?from=2026-11-23|",
                "PUT|/admin/rules/3/dates/2026-11-24|{}",
                "DELETE|/admin/rules/3/dates/2026-11-24|",
                "POST|/admin/rules/run|"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }
}

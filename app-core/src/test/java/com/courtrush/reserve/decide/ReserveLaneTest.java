package com.courtrush.reserve.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import com.courtrush.account.RequestAccess;
import com.courtrush.account.SecurityHeaders;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.infra.lifecycle.Maintenance;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Which requests the lane serves ahead of the chain, and that it serves one only when the chain's own
 * checks let it through; everything else goes down the chain untouched.
 */
class ReserveLaneTest {

    private final RequestAccess access = mock(RequestAccess.class);
    private final SecurityHeaders headers = mock(SecurityHeaders.class);
    private final ReserveController controller = mock(ReserveController.class);
    private final FilterChain chain = mock(FilterChain.class);
    private final Maintenance maintenance = new Maintenance(Clock.systemUTC());
    private final ReserveLane lane = new ReserveLane(() -> access, () -> headers, () -> controller, maintenance);

    private static MockHttpServletRequest reserve() {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/reserve/");
        request.setContentType("application/json");
        request.setContent("{\"sessionId\":1,\"slotId\":2}".getBytes());
        request.addHeader("Authorization", "Bearer t");
        return request;
    }

    @Test
    void aReserveAsThePageSendsItIsTaken() {
        assertThat(ReserveLane.takes(reserve())).isTrue();
        MockHttpServletRequest bare = reserve();
        bare.setRequestURI("/reserve");
        assertThat(ReserveLane.takes(bare)).isTrue();
    }

    @ParameterizedTest
    @CsvSource({
        "GET, /reserve/, , application/json",
        "POST, /reserve/result/x, , application/json",
        "POST, /%72eserve/, , application/json",
        "POST, //reserve/, , application/json",
        "POST, /reserve/;x=1, , application/json",
        "POST, /reserve/, through=chain, application/json",
        "POST, /reserve/, , text/plain",
        "POST, /reserve/, , application/jsonp",
        "POST, /reserve/, , application/x-www-form-urlencoded",
        "post, /reserve/, , application/json"
    })
    void anythingElseGoesDownTheChain(String method, String uri, String query, String contentType) {
        MockHttpServletRequest request = reserve();
        request.setMethod(method);
        request.setRequestURI(uri);
        request.setQueryString(query);
        request.setContentType(contentType);
        assertThat(ReserveLane.takes(request)).isFalse();
    }

    @Test
    void aSecondDispatchAndARequestWithoutContentTypeGoDownTheChain() {
        MockHttpServletRequest async = reserve();
        async.setDispatcherType(DispatcherType.ASYNC);
        assertThat(ReserveLane.takes(async)).isFalse();
        MockHttpServletRequest untyped = reserve();
        untyped.setContentType(null);
        untyped.removeHeader("Content-Type");
        assertThat(ReserveLane.takes(untyped)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "application/json",
                "APPLICATION/JSON",
                "application/json;charset=UTF-8",
                "application/json ; charset=utf-8"
            })
    void jsonWithOrWithoutParameters(String contentType) {
        assertThat(ReserveLane.isJson(contentType)).isTrue();
    }

    @Test
    void aRequestTheChainLetsThroughIsServedWithTheSecurityHeadersAndNeverReachesTheChain() throws Exception {
        MockHttpServletRequest request = reserve();
        MockHttpServletResponse response = new MockHttpServletResponse();
        Caller student = new Caller(7L, "s7", Role.STUDENT, "jti", Instant.now().plusSeconds(60));
        given(access.admit(eq(request), any(String[].class))).willReturn(new RequestAccess.Admitted(request, student));

        lane.doFilter(request, response, chain);

        verify(headers).write(request, response);
        verify(controller).reserveInLane(student, request, response);
        verifyNoInteractions(chain);
    }

    @Test
    void aRequestTheChainWouldRefuseIsLeftToTheChain() throws Exception {
        MockHttpServletRequest request = reserve();
        MockHttpServletResponse response = new MockHttpServletResponse();
        given(access.admit(eq(request), any(String[].class))).willReturn(null);

        lane.doFilter(request, response, chain);

        verify(chain).doFilter(request, response);
        verify(controller, never()).reserveInLane(any(), any(), any());
        verifyNoInteractions(headers);
        assertThat(request.getInputStream().readAllBytes())
                .as("the body, left unread")
                .isNotEmpty();
    }

    /** Issue 80: while an upgrade is announced, a reserve is left to the chain, where the node answers "maintenance". */
    @Test
    void aReserveDuringAnUpgradeIsLeftToTheChain() throws Exception {
        MockHttpServletRequest request = reserve();
        MockHttpServletResponse response = new MockHttpServletResponse();
        maintenance.begin(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(5));

        lane.doFilter(request, response, chain);

        verify(chain).doFilter(request, response);
        verifyNoInteractions(access, controller, headers);
    }
}

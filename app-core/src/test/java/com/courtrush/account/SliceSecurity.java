package com.courtrush.account;

import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import java.time.Instant;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The real security chain for a web slice ({@code support.WebSlice}), with a token service that knows
 * two callers: student 7 and the admin token. Any other bearer is unknown (401).
 */
@TestConfiguration(proxyBeanMethods = false)
@Import({SecurityConfig.class, SecurityErrorWriter.class, RecentStudents.class})
public class SliceSecurity {

    public static final String STUDENT = "student-token";
    public static final String STAFF = "staff-token";

    /** A plain mock, not reset between tests: every test of a slice sees the same two callers. */
    @Bean
    TokenService tokens() {
        TokenService tokens = mock(TokenService.class);
        given(tokens.authenticate(STUDENT))
                .willAnswer(call -> new Caller(
                        7L, "s7", Role.STUDENT, "jti-7", Instant.now().plusSeconds(3600)));
        given(tokens.authenticate(STAFF)).willReturn(Caller.admin());
        return tokens;
    }
}

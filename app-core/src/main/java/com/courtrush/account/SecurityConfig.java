package com.courtrush.account;

import com.courtrush.account.api.Role;
import com.courtrush.infra.config.CourtRushProperties;
import jakarta.servlet.DispatcherType;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * Who may call what. Stateless bearer tokens; students reserve and pay, staff (a STAFF or MANAGER
 * account, or the admin token) administer. What only managers (and the admin token) may do is not
 * a URL rule here: it is declared on the desk operation that the API and the console both call
 * ({@link ManagerOnly}). Ownership of a reservation is checked by the services.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig {

    @Bean
    PasswordEncoder passwordEncoder(CourtRushProperties properties) {
        return new BCryptPasswordEncoder(properties.auth().bcryptStrength());
    }

    /**
     * No observations of the security filters, authentication or authorization: with this setting
     * the filter chain is not wrapped filter by filter at all (an observation turned off by a
     * predicate still pays for its wrapper on every request, more than the reserve decision
     * costs). {@code http.server.requests} still times every request.
     */
    @Bean
    SecurityObservationSettings securityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    /**
     * Match the rules below with path patterns, not by asking Spring MVC which handler a request goes
     * to: the same paths, at a fraction of the cost on every request.
     */
    @Bean
    PathPatternRequestMatcher.Builder pathPatternRequestMatchers() {
        return PathPatternRequestMatcher.withDefaults();
    }

    /**
     * The default firewall, with its header check (every character assigned, none a control
     * character) written as a loop: the default regular expression runs over each student's
     * bearer token on every request.
     */
    @Bean
    HttpFirewall httpFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowedHeaderNames(SecurityConfig::assignedAndNotControl);
        firewall.setAllowedHeaderValues(SecurityConfig::assignedAndNotControl);
        return firewall;
    }

    /** Same as {@code [\p{IsAssigned}&&[^\p{IsControl}]]*}. */
    static boolean assignedAndNotControl(String text) {
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (!Character.isDefined(codePoint) || Character.getType(codePoint) == Character.CONTROL) {
                return false;
            }
            i += Character.charCount(codePoint);
        }
        return true;
    }

    @Bean
    SecurityHeaders securityHeaders() {
        return new SecurityHeaders();
    }

    @Bean
    SecurityFilterChain apiSecurity(
            HttpSecurity http,
            TokenService tokens,
            SecurityErrorWriter errors,
            RecentStudents recent,
            SecurityHeaders headers)
            throws Exception {
        String staff = Role.STAFF.name();
        String student = Role.STUDENT.name();
        return http.csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                // the security headers go on before the request is handled, instead of through two
                // wrappers per request that add them when the answer is committed; no endpoint sets
                // these headers itself. The writers are SecurityHeaders', which a path served ahead of
                // the chain writes too
                .headers(h -> {
                    h.defaultsDisabled().withObjectPostProcessor(new ObjectPostProcessor<HeaderWriterFilter>() {
                        @Override
                        public <O extends HeaderWriterFilter> O postProcess(O filter) {
                            filter.setShouldWriteHeadersEagerly(true);
                            return filter;
                        }
                    });
                    headers.writers().forEach(h::addHeaderWriter);
                })
                .addFilterBefore(new BearerTokenFilter(tokens, errors, recent), AnonymousAuthenticationFilter.class)
                .exceptionHandling(e -> e.authenticationEntryPoint(
                                (request, response, ex) -> errors.unauthorized(request, response, "http.loginFirst"))
                        .accessDeniedHandler(
                                (request, response, ex) -> errors.forbidden(request, response, "http.forbidden")))
                .authorizeHttpRequests(auth -> auth
                        // the second dispatch of an asynchronous answer: its request was authorized when it came
                        .dispatcherTypeMatchers(DispatcherType.ASYNC)
                        .permitAll()
                        .requestMatchers(HttpMethod.POST, "/auth/login")
                        .permitAll()
                        .requestMatchers(HttpMethod.GET, "/auth/sign-in-hold", "/auth/options")
                        .permitAll()
                        // a forgotten password: a code to the student's verified address, then the code and a new one
                        .requestMatchers(HttpMethod.POST, "/auth/forgot", "/auth/reset")
                        .permitAll()
                        // a calendar app reads the feed with the feed key in its address, never a token
                        .requestMatchers(HttpMethod.GET, "/calendar/*.ics")
                        .permitAll()
                        .requestMatchers(HttpMethod.HEAD, "/calendar/*.ics")
                        .permitAll()
                        // a fair draw's commitment and record: anyone may check it
                        .requestMatchers(HttpMethod.GET, "/draws/*")
                        .permitAll()
                        // the venues and sports students may pick (SPEC §21): what the page shows before sign-in
                        .requestMatchers(HttpMethod.GET, "/venues")
                        .permitAll()
                        .requestMatchers(HttpMethod.GET, "/", "/index.html", "/assets/**", "/favicon.ico")
                        .permitAll()
                        .requestMatchers(HttpMethod.HEAD, "/", "/index.html", "/assets/**", "/favicon.ico")
                        .permitAll()
                        .requestMatchers(
                                "/ping",
                                "/error",
                                "/actuator/health",
                                "/actuator/health/**",
                                "/v3/api-docs",
                                "/v3/api-docs/**",
                                "/swagger-ui.html",
                                "/swagger-ui/**")
                        .permitAll()
                        // staff only; which operations are a manager's is declared once, on the desk
                        // method both the API and the console call (@ManagerOnly, DeskGuard)
                        .requestMatchers(StaffPaths.ALL.toArray(String[]::new))
                        .hasRole(staff)
                        .requestMatchers("/reserve/**", "/reservations/**")
                        .hasRole(student)
                        // WeChat Pay's notifications: its signature, not a token, makes one count (SPEC §19)
                        .requestMatchers(HttpMethod.POST, "/pay/wechat/notify")
                        .permitAll()
                        .requestMatchers("/pay/wechat/**", "/notices", "/notices/**", "/auth/email", "/auth/email/**")
                        .hasRole(student)
                        .requestMatchers("/auth/password")
                        .hasAuthority(CallerAuthentication.ACCOUNT)
                        // the campus sign-in (SPEC §18): the page's offer and start, the directory's returns and
                        // single logouts, the page's one-time code; signing out of it takes a token. After the rules
                        // of the paths a rush hits: none of these is asked about on its requests
                        .requestMatchers(
                                HttpMethod.GET,
                                "/auth/campus",
                                "/auth/campus/start",
                                "/auth/campus/cas",
                                "/auth/campus/oidc")
                        .permitAll()
                        .requestMatchers(
                                HttpMethod.POST, "/auth/campus/cas", "/auth/campus/oidc/logout", "/auth/campus/token")
                        .permitAll()
                        // signing in by WeChat (SPEC §22): the start, WeChat's return and the one-time code need no
                        // token; binding and unbinding are the student's own
                        .requestMatchers(HttpMethod.GET, "/auth/wechat/start", "/auth/wechat/return")
                        .permitAll()
                        .requestMatchers(HttpMethod.POST, "/auth/wechat/token")
                        .permitAll()
                        .requestMatchers("/auth/wechat/bind", "/auth/wechat/binding")
                        .hasRole(student)
                        .anyRequest()
                        .authenticated())
                .build();
    }
}

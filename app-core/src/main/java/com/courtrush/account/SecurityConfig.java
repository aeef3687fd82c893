package com.courtrush.account;

import com.courtrush.infra.CourtRushProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;

/**
 * Who may call what. Stateless bearer tokens; students reserve and pay, staff (a STAFF account or
 * the admin token) administer. Ownership of a reservation is checked by the services.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig {

    @Bean
    PasswordEncoder passwordEncoder(CourtRushProperties properties) {
        return new BCryptPasswordEncoder(properties.auth().bcryptStrength());
    }

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, TokenService tokens, SecurityErrorWriter errors)
            throws Exception {
        String staff = Role.STAFF.name();
        String student = Role.STUDENT.name();
        return http
                .csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(new BearerTokenFilter(tokens, errors), AnonymousAuthenticationFilter.class)
                .exceptionHandling(e -> e
                        .authenticationEntryPoint((request, response, ex) ->
                                errors.unauthorized(request, response, "http.loginFirst"))
                        .accessDeniedHandler((request, response, ex) ->
                                errors.forbidden(request, response, "http.forbidden")))
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers(HttpMethod.POST, "/auth/login").permitAll()
                        .requestMatchers("/ping", "/error", "/actuator/health", "/actuator/health/**",
                                "/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**").permitAll()
                        .requestMatchers("/admin/**", "/actuator/**", "/pay/wechat/mock-success/**").hasRole(staff)
                        .requestMatchers("/reserve/**", "/reservations/**", "/pay/wechat/**").hasRole(student)
                        .anyRequest().authenticated())
                .build();
    }
}

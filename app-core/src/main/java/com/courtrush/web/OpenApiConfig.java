package com.courtrush.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document's name, version and security: every operation takes a bearer token (a
 * student's or staff's from {@code POST /auth/login}, or the admin token), so Swagger UI can send
 * one. {@code springdoc.api-docs.enabled=false} turns the document and Swagger UI off on a
 * production node.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfig {

    static final String BEARER = "bearer";

    @Bean
    OpenAPI courtRushApi() {
        String version = OpenApiConfig.class.getPackage().getImplementationVersion(); // the engine jar's manifest
        return new OpenAPI()
                .info(new Info()
                        .title("CourtRush API")
                        .version(version == null ? "development" : version)
                        .description("Court reservation for a campus gym's daily flash opening: the students' API "
                                + "(sign in, slots, reserve, pay, refund) and the staff API (/admin/**). Every "
                                + "answer is the envelope {code, enumCode, message, data} with a real HTTP status."))
                .components(new Components()
                        .addSecuritySchemes(
                                BEARER,
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer")
                                        .bearerFormat("JWT or the admin token")))
                .addSecurityItem(new SecurityRequirement().addList(BEARER));
    }
}

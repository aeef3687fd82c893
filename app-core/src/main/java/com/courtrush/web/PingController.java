package com.courtrush.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** A cheap liveness endpoint: the baseline the benchmark compares the reserve path against. */
@Tag(name = "Ping")
@RestController
class PingController {

    private static final ApiResponse<String> PONG = ApiResponse.ok("pong");

    @Operation(summary = "Liveness; touches nothing")
    @GetMapping("/ping")
    ApiResponse<String> ping() {
        return PONG;
    }
}

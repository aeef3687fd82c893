package com.courtrush;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The headless server: the engine plus the students' HTTP API, without the staff console. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CourtRushServer {

    public static void main(String[] args) {
        SpringApplication.run(CourtRushServer.class, args);
    }
}

package com.courtrush.infra.config;

import java.lang.management.ManagementFactory;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * This engine's name among the nodes sharing one Redis: what it writes under its own name (its share
 * of the rush and queue series) and what it is named by where it acted alone (the draw it made).
 * "pid@host" says which process it is; a short random part tells apart two engines in one process.
 */
@Component
public class NodeName {

    private final String name = ManagementFactory.getRuntimeMXBean().getName() + "/"
            + UUID.randomUUID().toString().substring(0, 4);

    @Override
    public String toString() {
        return name;
    }
}

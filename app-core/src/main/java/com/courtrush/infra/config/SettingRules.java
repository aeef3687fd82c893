package com.courtrush.infra.config;

import com.courtrush.infra.config.api.SettingProblem;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What each start-up setting ({@link LocalSettings#KEYS}) may hold. Checked when a value is saved
 * (the console, or anything else that saves through {@link LocalSettings}) and again at start-up
 * for what the file holds: a value the engine cannot start with must never be saved, and one that
 * got into the file anyway is reported by name, with the file, instead of a binding trace.
 */
public final class SettingRules {

    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:\\[\\]-]+");

    private SettingRules() {}

    /**
     * Why {@code value} cannot be {@code key} (a {@link SettingProblem}); empty when it can. Blank means "the
     * default".
     */
    public static Optional<SettingProblem> check(String key, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.strip();
        return switch (key) {
            case "courtrush.infra.mode" -> oneOf(v, "embedded", "external");
            case "spring.datasource.url" ->
                v.startsWith("jdbc:") ? Optional.empty() : Optional.of(SettingProblem.NOT_A_JDBC_URL);
            case "spring.data.redis.host", "spring.rabbitmq.host" ->
                HOST.matcher(v).matches() ? Optional.empty() : Optional.of(SettingProblem.NOT_A_HOST);
            case "spring.data.redis.port", "spring.rabbitmq.port" -> number(v, 1, 65535);
            case "server.port" -> number(v, 0, 65535);
            case "server.address" -> localAddress(v);
            case "courtrush.limits.per-student-per-minute" -> number(v, 0, 1_000_000);
            case "courtrush.limits.node-per-second", "courtrush.limits.per-ip-per-second" -> number(v, 1, 10_000_000);
            case "courtrush.limits.per-ip-enabled" -> oneOf(v, "true", "false");
            case "courtrush.admin-token" ->
                v.length() >= CourtRushProperties.ADMIN_TOKEN_MIN_LENGTH
                        ? Optional.empty()
                        : Optional.of(SettingProblem.TOKEN_TOO_SHORT);
            default -> Optional.empty();
        };
    }

    /** Every problem of these values, by key, in their order. */
    public static Map<String, SettingProblem> problems(Map<String, String> values) {
        Map<String, SettingProblem> problems = new LinkedHashMap<>();
        values.forEach((key, value) -> check(key, value).ifPresent(problem -> problems.put(key, problem)));
        return problems;
    }

    /**
     * A port the engine will listen on next time must be free now, unless it is the one it listens
     * on already ({@code runningPort}).
     */
    public static Optional<SettingProblem> portFree(String port, String address, int runningPort) {
        if (port == null || port.isBlank() || check("server.port", port).isPresent()) {
            return Optional.empty();
        }
        int wanted = Integer.parseInt(port.strip());
        if (wanted == 0 || wanted == runningPort) {
            return Optional.empty();
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(
                    address == null || address.isBlank()
                            ? new InetSocketAddress(wanted)
                            : new InetSocketAddress(address.strip(), wanted));
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(SettingProblem.PORT_IN_USE);
        }
    }

    private static Optional<SettingProblem> oneOf(String value, String... allowed) {
        for (String each : allowed) {
            if (each.equals(value)) {
                return Optional.empty();
            }
        }
        return Optional.of(SettingProblem.NOT_ONE_OF_THE_CHOICES);
    }

    /** A whole number from {@code min} to {@code max}. */
    public static Optional<SettingProblem> wholeNumber(String value, long min, long max) {
        return number(value, min, max);
    }

    private static Optional<SettingProblem> number(String value, long min, long max) {
        try {
            long n = Long.parseLong(value);
            return n < min || n > max ? Optional.of(SettingProblem.OUT_OF_RANGE) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.of(SettingProblem.NOT_A_WHOLE_NUMBER);
        }
    }

    /** An address of this machine (or 0.0.0.0 / ::): the engine cannot listen on anyone else's. */
    private static Optional<SettingProblem> localAddress(String value) {
        try {
            InetAddress address = InetAddress.getByName(value);
            boolean local = address.isAnyLocalAddress()
                    || address.isLoopbackAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
            return local ? Optional.empty() : Optional.of(SettingProblem.NOT_AN_ADDRESS_OF_THIS_MACHINE);
        } catch (UnknownHostException | SocketException e) {
            return Optional.of(SettingProblem.NOT_AN_ADDRESS_OF_THIS_MACHINE);
        }
    }
}

package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's controls over HTTP ({@code /sim/...}, loopback only), for a demo or a test in another process: an
 * order looked at, paid or expired; the notifications sent, dropped, repeated, held or forged; the trade bill and what
 * is planted in it; the /v3 API failing; a refund ending ABNORMAL; the refund's delay and the notifications' retries;
 * the official account's notifications accepted, and it down, out of quota or with its tokens expired.
 */
final class SimControls {

    private final WechatPaySimulator sim;

    SimControls(WechatPaySimulator sim) {
        this.sim = sim;
    }

    Response handle(Request request) {
        List<String> seg = UrlParts.segments(request.path());
        Map<String, String> params = new LinkedHashMap<>(request.query());
        if (request.method().equals("POST") && !request.bodyText().isBlank()) {
            String body = request.bodyText().trim();
            if (body.startsWith("{")) {
                JSON.parseObject(body).forEach((k, v) -> params.put(k, String.valueOf(v)));
            } else {
                params.putAll(UrlParts.form(body));
            }
        }
        String method = request.method();
        String what = String.join("/", seg.subList(1, seg.size()));
        if (seg.size() >= 3 && seg.get(1).equals("orders")) {
            String no = seg.get(2);
            if (seg.size() == 3 && method.equals("GET")) {
                return sim.order(no)
                        .map(s -> json(200, Orders.snapshotJson(s, sim.refunds(no))))
                        .orElseGet(() -> json(404, Map.of("code", "ORDER_NOT_EXIST", "message", "order not found")));
            }
            if (seg.size() == 4 && seg.get(3).equals("pay") && method.equals("POST")) {
                OrderSnapshot s = sim.pay(no);
                return json(200, Orders.snapshotJson(s, sim.refunds(no)));
            }
            if (seg.size() == 4 && seg.get(3).equals("expire") && method.equals("POST")) {
                sim.expire(no);
                return json(200, Orders.snapshotJson(sim.order(no).orElseThrow(), sim.refunds(no)));
            }
        }
        if (what.equals("wechat-mp/messages") && method.equals("GET")) {
            return json(200, sim.officialAccount().messages());
        }
        if (what.equals("notifications") && method.equals("GET")) {
            return json(200, sim.notifications());
        }
        if (what.equals("bills/trade") && method.equals("GET")) {
            LocalDate day = LocalDate.parse(
                    params.getOrDefault("bill_date", LocalDate.now(Orders.CHINA).toString()));
            return new Response(
                    200,
                    Map.of("Content-Type", "text/plain; charset=utf-8"),
                    sim.tradeBill(day).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        if (method.equals("POST")) {
            switch (what) {
                case "notifications/drop" -> {
                    sim.dropNextNotifications(Integer.parseInt(params.getOrDefault("count", "1")));
                    return json(200, Map.of("ok", true));
                }
                case "notifications/repeat" -> {
                    sim.repeatNextNotifications(Integer.parseInt(params.getOrDefault("count", "1")));
                    return json(200, Map.of("ok", true));
                }
                case "notifications/hold" -> {
                    sim.holdNextNotification();
                    return json(200, Map.of("ok", true));
                }
                case "notifications/forge" -> {
                    String url = params.get("notify_url");
                    String no = params.get("out_trade_no");
                    if (url == null || no == null) {
                        throw new IllegalArgumentException("notify_url and out_trade_no are required");
                    }
                    if ("ciphertext".equals(params.get("variant"))) {
                        sim.forgeTampered(url, no);
                    } else {
                        sim.forge(url, no);
                    }
                    return json(200, Map.of("ok", true));
                }
                case "bills/plant-trade" -> {
                    // a trade only the bill will have (what a reconciliation must find)
                    sim.plantTradeInBill(
                            LocalDate.parse(params.getOrDefault(
                                    "bill_date", LocalDate.now(Orders.CHINA).toString())),
                            required(params, "out_trade_no"),
                            Long.parseLong(params.getOrDefault("fen", "100")));
                    return json(200, Map.of("ok", true));
                }
                case "bills/plant-amount" -> {
                    sim.plantBillAmount(required(params, "number"), Long.parseLong(required(params, "fen")));
                    return json(200, Map.of("ok", true));
                }
                case "api/fail-next" -> {
                    sim.failNextApiCalls(Integer.parseInt(params.getOrDefault("count", "1")));
                    return json(200, Map.of("ok", true));
                }
                case "wechat-mp/down" -> {
                    sim.officialAccount().down(Boolean.parseBoolean(params.getOrDefault("on", "true")));
                    return json(200, Map.of("ok", true));
                }
                case "wechat-mp/quota-spent" -> {
                    sim.officialAccount().quotaSpent(Boolean.parseBoolean(params.getOrDefault("on", "true")));
                    return json(200, Map.of("ok", true));
                }
                case "wechat-mp/expire-tokens" -> {
                    sim.officialAccount().expireTokens();
                    return json(200, Map.of("ok", true));
                }
                case "refunds/abnormal-next" -> {
                    sim.abnormalNextRefund();
                    return json(200, Map.of("ok", true));
                }
                case "settings" -> {
                    if (params.containsKey("refund_delay_ms")) {
                        sim.refundDelay(Duration.ofMillis(Long.parseLong(params.get("refund_delay_ms"))));
                    }
                    if (params.containsKey("retry_delays_ms")) {
                        List<Duration> delays = new ArrayList<>();
                        Arrays.stream(params.get("retry_delays_ms").split(","))
                                .map(String::trim)
                                .filter(s -> !s.isEmpty())
                                .forEach(s -> delays.add(Duration.ofMillis(Long.parseLong(s))));
                        sim.retrySchedule(delays);
                    }
                    return json(200, Map.of("ok", true));
                }
                default -> {}
            }
        }
        return json(404, Map.of("code", "NOT_FOUND", "message", "no such control: " + method + " " + request.path()));
    }

    private static String required(Map<String, String> params, String name) {
        String value = params.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }

    private static Response json(int status, Object body) {
        return Response.of(status, "application/json; charset=utf-8", JSON.toJSONString(body));
    }
}

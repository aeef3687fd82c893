package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code /v3} API: checks the merchant's {@code WECHATPAY2-SHA256-RSA2048} signature, answers
 * prepay (H5, Native, JSAPI), query, close and refund calls, and signs every answer with the
 * platform key as WeChat Pay does.
 */
final class ApiHandler {

    private static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    private static final String TRANSACTIONS = "/v3/pay/transactions/";

    private final KitStore.Loaded keys;
    private final Orders orders;
    private final WechatPaySimulator simulator;
    private final TradeBills bills;

    ApiHandler(KitStore.Loaded keys, Orders orders, WechatPaySimulator simulator, TradeBills bills) {
        this.keys = keys;
        this.orders = orders;
        this.simulator = simulator;
        this.bills = bills;
    }

    Response handle(Request request) {
        String requestId = HexFormat.of().formatHex(KitStore.bytes(16)).toUpperCase();
        try {
            String mchid = authenticate(request);
            if (simulator.failsThisCall()) {
                throw new SimException(500, "SYSTEM_ERROR", "系统错误 simulated outage");
            }
            return route(request, mchid, requestId);
        } catch (SimException e) {
            return signed(
                    e.status(),
                    JSONObject.of("code", e.code(), "message", e.getMessage()).toJSONString(),
                    requestId);
        }
    }

    private Response route(Request request, String mchid, String requestId) {
        List<String> seg = UrlParts.segments(request.path());
        String method = request.method();
        String path = request.path();
        if (method.equals("POST") && path.startsWith(TRANSACTIONS) && seg.size() == 4) {
            String kind = seg.get(3);
            String tradeType = switch (kind) {
                case "h5" -> "MWEB";
                case "native" -> "NATIVE";
                case "jsapi" -> "JSAPI";
                default -> null;
            };
            if (tradeType != null) {
                Orders.Order order = orders.prepay(tradeType, mchid, json(request));
                JSONObject answer = switch (tradeType) {
                    case "MWEB" -> JSONObject.of("h5_url", h5Url(order));
                    case "NATIVE" -> JSONObject.of("code_url", "weixin://wxpay/bizpayurl?pr=" + order.token);
                    default -> JSONObject.of("prepay_id", order.prepayId);
                };
                return ok(answer, requestId);
            }
        }
        if (seg.size() == 5 && path.startsWith(TRANSACTIONS + "out-trade-no/") && method.equals("GET")) {
            checkMchidQuery(request, mchid);
            return ok(orders.require(seg.get(4)).transactionJson(), requestId);
        }
        if (seg.size() == 5 && path.startsWith(TRANSACTIONS + "id/") && method.equals("GET")) {
            checkMchidQuery(request, mchid);
            Orders.Order order = orders.findByTransactionId(seg.get(4))
                    .orElseThrow(() -> new SimException(404, "ORDER_NOT_EXIST", "订单不存在 order not found"));
            return ok(order.transactionJson(), requestId);
        }
        if (seg.size() == 6
                && path.startsWith(TRANSACTIONS + "out-trade-no/")
                && seg.get(5).equals("close")
                && method.equals("POST")) {
            String bodyMchid = json(request).getString("mchid");
            if (bodyMchid == null || !bodyMchid.equals(mchid)) {
                throw new SimException(400, "PARAM_ERROR", "mchid is required and must be the signing merchant's");
            }
            orders.close(seg.get(4));
            return signed(204, "", requestId);
        }
        if (path.equals("/v3/refund/domestic/refunds") && method.equals("POST")) {
            Map.Entry<Orders.Refund, Boolean> refund = orders.refund(json(request));
            if (refund.getValue()) {
                simulator.refundAccepted(refund.getKey());
            }
            return ok(refund.getKey().refundJson(), requestId);
        }
        if (seg.size() == 5 && path.startsWith("/v3/refund/domestic/refunds/") && method.equals("GET")) {
            Orders.Refund refund = orders.findRefund(seg.get(4))
                    .orElseThrow(() -> new SimException(404, "RESOURCE_NOT_EXISTS", "退款单不存在 refund not found"));
            return ok(refund.refundJson(), requestId);
        }
        if (path.equals("/v3/bill/tradebill") && method.equals("GET")) {
            return tradeBill(request, mchid, requestId);
        }
        if (path.equals("/v3/billdownload/file") && method.equals("GET")) {
            byte[] bill = bills.download(request.query().get("token"));
            Response signed = signed(200, new String(bill, StandardCharsets.UTF_8), requestId);
            Map<String, String> headers = new LinkedHashMap<>(signed.headers());
            headers.put("Content-Type", "text/plain; charset=utf-8");
            return new Response(200, headers, bill);
        }
        throw new SimException(404, "NOT_FOUND", "the simulator does not offer " + method + " " + path);
    }

    /**
     * The day's trade bill: its hash and where to download it (WeChat Pay's API host: a merchant's client sends the
     * download there, signed, as it sends every call). Unlike WeChat Pay, which makes a day's bill the next morning,
     * the simulator has any day's at once, today's included.
     */
    private Response tradeBill(Request request, String mchid, String requestId) {
        LocalDate day;
        try {
            day = LocalDate.parse(String.valueOf(request.query().get("bill_date")));
        } catch (java.time.format.DateTimeParseException e) {
            throw new SimException(400, "PARAM_ERROR", "bill_date must be YYYY-MM-DD");
        }
        String type = request.query().getOrDefault("bill_type", "ALL");
        if (!List.of("ALL", "SUCCESS", "REFUND").contains(type)) {
            throw new SimException(400, "PARAM_ERROR", "bill_type must be ALL, SUCCESS or REFUND");
        }
        if (day.isAfter(LocalDate.now(Orders.CHINA))) {
            throw new SimException(400, "NO_STATEMENT_EXIST", "账单不存在 no bill for a day to come");
        }
        String[] prepared = bills.prepare(day, mchid, keys.kit().appId());
        return ok(
                JSONObject.of(
                        "hash_type",
                        "SHA1",
                        "hash_value",
                        prepared[1],
                        "download_url",
                        "https://api.mch.weixin.qq.com/v3/billdownload/file?token=" + prepared[0]),
                requestId);
    }

    private String h5Url(Orders.Order order) {
        return simulator.baseUrl() + "/cashier/" + order.token + "?prepay_id=" + order.prepayId + "&package="
                + URLEncoder.encode(String.valueOf(Math.abs(order.token.hashCode())), StandardCharsets.UTF_8);
    }

    private static void checkMchidQuery(Request request, String mchid) {
        String query = request.query().get("mchid");
        if (query == null || !query.equals(mchid)) {
            throw new SimException(
                    400, "PARAM_ERROR", "the query parameter mchid is required and must be the signing merchant's");
        }
    }

    private static JSONObject json(Request request) {
        try {
            JSONObject body = JSON.parseObject(request.bodyText());
            if (body == null) {
                throw new SimException(400, "PARAM_ERROR", "the request body must be a JSON object");
            }
            return body;
        } catch (JSONException e) {
            throw new SimException(400, "PARAM_ERROR", "the request body is not valid JSON");
        }
    }

    /** Checks the Authorization header; answers the merchant id it was signed for. */
    private String authenticate(Request request) {
        Map<String, String> auth = Signatures.parseAuthorization(request.header("Authorization"));
        if (auth == null) {
            throw signError("Authorization header missing or not " + Signatures.SCHEMA);
        }
        Kit kit = keys.kit();
        String mchid = auth.get("mchid");
        String nonce = auth.get("nonce_str");
        String timestamp = auth.get("timestamp");
        String serial = auth.get("serial_no");
        String signature = auth.get("signature");
        if (mchid == null || nonce == null || timestamp == null || serial == null || signature == null) {
            throw signError("Authorization must carry mchid, nonce_str, timestamp, serial_no and signature");
        }
        if (!mchid.equals(kit.mchid())) {
            throw signError("mchid " + mchid + " is not this simulator's merchant");
        }
        if (!serial.equalsIgnoreCase(kit.merchantSerialNumber())) {
            throw signError("serial_no does not name the merchant's API certificate");
        }
        long seconds;
        try {
            seconds = Long.parseLong(timestamp);
        } catch (NumberFormatException e) {
            throw signError("timestamp is not a number of seconds");
        }
        if (Duration.between(Instant.ofEpochSecond(seconds), Instant.now())
                        .abs()
                        .compareTo(CLOCK_SKEW)
                > 0) {
            throw signError("timestamp is more than 5 minutes away from now");
        }
        String message =
                Signatures.requestMessage(request.method(), request.target(), timestamp, nonce, request.bodyText());
        if (!Signatures.verify(keys.merchantPublicKey(), message, signature)) {
            throw signError("签名错误 the signature does not verify with the merchant's key");
        }
        return mchid;
    }

    private static SimException signError(String message) {
        return new SimException(401, "SIGN_ERROR", message);
    }

    private Response ok(JSONObject body, String requestId) {
        return signed(200, body.toJSONString(), requestId);
    }

    /** An answer with the Wechatpay-* signature headers over {@code timestamp\nnonce\nbody\n}. */
    private Response signed(int status, String body, String requestId) {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        String nonce = Signatures.nonce();
        Map<String, String> headers = new LinkedHashMap<>();
        if (!body.isEmpty()) {
            headers.put("Content-Type", "application/json; charset=utf-8");
        }
        headers.put("Request-ID", requestId);
        headers.put("Wechatpay-Nonce", nonce);
        headers.put("Wechatpay-Timestamp", timestamp);
        headers.put("Wechatpay-Serial", keys.kit().publicKeyId());
        headers.put(
                "Wechatpay-Signature",
                Signatures.sign(keys.platformPrivateKey(), Signatures.answerMessage(timestamp, nonce, body)));
        return new Response(status, headers, body.getBytes(StandardCharsets.UTF_8));
    }
}

package com.courtrush.paysim;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The simulated orders and refunds with WeChat Pay's rules: prepay (and re-prepay), pay, close,
 * expiry, refunds that never exceed the total and are idempotent by {@code out_refund_no}. Each order
 * is guarded by its own lock.
 */
final class Orders {

    static final ZoneOffset CHINA = ZoneOffset.ofHours(8);
    private static final Pattern OUT_TRADE_NO = Pattern.compile("[0-9A-Za-z_\\-|*]{6,32}");
    private static final Pattern OUT_REFUND_NO = Pattern.compile("[0-9A-Za-z_\\-|*@]{1,64}");

    private final Kit kit;
    private final String openId;
    private final Map<String, Order> byOutTradeNo = new ConcurrentHashMap<>();
    private final Map<String, Order> byTransactionId = new ConcurrentHashMap<>();
    private final Map<String, Order> byToken = new ConcurrentHashMap<>();
    private final Map<String, Refund> byOutRefundNo = new ConcurrentHashMap<>();
    private final Map<String, Order> byJsapiPrepayId = new ConcurrentHashMap<>();

    /**
     * @param kit the merchant
     * @param openId the simulated WeChat user's openid: the payer of every order not placed by JSAPI
     *     (which names its payer)
     */
    Orders(Kit kit, String openId) {
        this.kit = kit;
        this.openId = openId;
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(CHINA).truncatedTo(ChronoUnit.SECONDS);
    }

    static String rfc3339(OffsetDateTime t) {
        return t == null ? null : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t.withOffsetSameInstant(CHINA));
    }

    /** One order; all access under its monitor. */
    static final class Order {
        final String outTradeNo;
        final String appid;
        final String mchid;
        final String token;
        final String prepayId;
        final OffsetDateTime createTime = now();
        String tradeType;
        String description;
        String notifyUrl;
        String attach;
        long total;
        String jsapiOpenid;
        OffsetDateTime timeExpire;
        String tradeState = "NOTPAY";
        String transactionId;
        OffsetDateTime successTime;
        String payerOpenid;
        /** When the last prepay answered its prepay_id (valid 2 hours, as WeChat Pay's). */
        OffsetDateTime prepaidAt;

        final List<Refund> refunds = new ArrayList<>();

        Order(String outTradeNo, String appid, String mchid) {
            this.outTradeNo = outTradeNo;
            this.appid = appid;
            this.mchid = mchid;
            this.token = HexFormat.of().formatHex(KitStore.bytes(16));
            this.prepayId = "wx" + DateTimeFormatter.ofPattern("ddHHmmss").format(createTime)
                    + HexFormat.of().formatHex(KitStore.bytes(13));
        }

        synchronized boolean expired() {
            return timeExpire != null && now().isAfter(timeExpire);
        }

        synchronized long refunded() {
            return refunds.stream().mapToLong(r -> r.refund).sum();
        }

        synchronized JSONObject transactionJson() {
            JSONObject json = new JSONObject();
            json.put("appid", appid);
            json.put("mchid", mchid);
            json.put("out_trade_no", outTradeNo);
            boolean paid = transactionId != null;
            if (paid) {
                json.put("transaction_id", transactionId);
            }
            json.put("trade_type", tradeType);
            json.put("trade_state", tradeState);
            json.put(
                    "trade_state_desc",
                    switch (tradeState) {
                        case "SUCCESS" -> "支付成功";
                        case "CLOSED" -> "订单已关闭";
                        case "REFUND" -> "转入退款";
                        default -> "订单未支付";
                    });
            if (paid) {
                json.put("bank_type", "OTHERS");
            }
            json.put("attach", attach == null ? "" : attach);
            if (paid) {
                json.put("success_time", rfc3339(successTime));
                json.put("payer", JSONObject.of("openid", payerOpenid));
            }
            JSONObject amount = new JSONObject();
            amount.put("total", total);
            if (paid) {
                amount.put("payer_total", total);
            }
            amount.put("currency", "CNY");
            amount.put("payer_currency", "CNY");
            json.put("amount", amount);
            json.put("promotion_detail", new JSONArray());
            return json;
        }

        synchronized OrderSnapshot snapshot() {
            return new OrderSnapshot(
                    outTradeNo,
                    tradeType,
                    tradeState,
                    description,
                    total,
                    transactionId,
                    successTime,
                    payerOpenid,
                    notifyUrl,
                    timeExpire,
                    expired(),
                    refunded(),
                    token);
        }
    }

    /** One refund; all access under its order's monitor. */
    static final class Refund {
        final Order order;
        final String outRefundNo;
        final String refundId = "50" + KitStore.digits(27);
        final long refund;
        final String reason;
        final String notifyUrl;
        final OffsetDateTime createTime = now();
        String status = "PROCESSING";
        OffsetDateTime successTime;

        Refund(Order order, String outRefundNo, long refund, String reason, String notifyUrl) {
            this.order = order;
            this.outRefundNo = outRefundNo;
            this.refund = refund;
            this.reason = reason;
            this.notifyUrl = notifyUrl;
        }

        JSONObject refundJson() {
            synchronized (order) {
                JSONObject json = new JSONObject();
                json.put("refund_id", refundId);
                json.put("out_refund_no", outRefundNo);
                json.put("transaction_id", order.transactionId);
                json.put("out_trade_no", order.outTradeNo);
                json.put("channel", "ORIGINAL");
                json.put("user_received_account", "支付用户零钱");
                if (successTime != null) {
                    json.put("success_time", rfc3339(successTime));
                }
                json.put("create_time", rfc3339(createTime));
                json.put("status", status);
                json.put("funds_account", "AVAILABLE");
                JSONObject amount = new JSONObject();
                amount.put("total", order.total);
                amount.put("refund", refund);
                amount.put("from", new JSONArray());
                amount.put("payer_total", order.total);
                amount.put("payer_refund", refund);
                amount.put("settlement_refund", refund);
                amount.put("settlement_total", order.total);
                amount.put("discount_refund", 0);
                amount.put("currency", "CNY");
                json.put("amount", amount);
                json.put("promotion_detail", new JSONArray());
                return json;
            }
        }

        JSONObject notificationJson() {
            synchronized (order) {
                JSONObject json = new JSONObject();
                json.put("mchid", order.mchid);
                json.put("out_trade_no", order.outTradeNo);
                json.put("transaction_id", order.transactionId);
                json.put("out_refund_no", outRefundNo);
                json.put("refund_id", refundId);
                json.put("refund_status", status);
                if (successTime != null) {
                    json.put("success_time", rfc3339(successTime));
                }
                json.put("user_received_account", "支付用户零钱");
                JSONObject amount = new JSONObject();
                amount.put("total", order.total);
                amount.put("refund", refund);
                amount.put("payer_total", order.total);
                amount.put("payer_refund", refund);
                json.put("amount", amount);
                return json;
            }
        }

        RefundSnapshot snapshot() {
            synchronized (order) {
                return new RefundSnapshot(
                        outRefundNo,
                        refundId,
                        order.outTradeNo,
                        order.transactionId,
                        refund,
                        order.total,
                        status,
                        reason,
                        notifyUrl,
                        createTime,
                        successTime);
            }
        }
    }

    /** A prepay for {@code tradeType} (MWEB, NATIVE, JSAPI), new or for the same unpaid order. */
    Order prepay(String tradeType, String authMchid, JSONObject req) {
        String appid = required(req, "appid");
        String mchid = required(req, "mchid");
        String description = required(req, "description");
        String outTradeNo = required(req, "out_trade_no");
        String notifyUrl = required(req, "notify_url");
        if (!mchid.equals(kit.mchid()) || !mchid.equals(authMchid)) {
            throw new SimException(400, "MCH_NOT_EXISTS", "商户号不存在或与请求签名的商户号不一致 mchid does not match");
        }
        if (!appid.equals(kit.appId())) {
            throw new SimException(400, "APPID_MCHID_NOT_MATCH", "appid和mch_id不匹配 appid does not match the mchid");
        }
        if (!OUT_TRADE_NO.matcher(outTradeNo).matches()) {
            throw new SimException(400, "PARAM_ERROR", "out_trade_no must be 6-32 characters of [0-9A-Za-z_-|*]");
        }
        if (description.length() > 127) {
            throw new SimException(400, "PARAM_ERROR", "description is longer than 127 characters");
        }
        if (!(notifyUrl.startsWith("https://") || notifyUrl.startsWith("http://")) || notifyUrl.contains("?")) {
            throw new SimException(400, "PARAM_ERROR", "notify_url must be an http(s) URL without a query");
        }
        JSONObject amount = req.getJSONObject("amount");
        Long total = amount == null ? null : amount.getLong("total");
        if (total == null || total <= 0) {
            throw new SimException(400, "PARAM_ERROR", "amount.total must be a positive number of fen");
        }
        String currency = amount.getString("currency");
        if (currency != null && !currency.equals("CNY")) {
            throw new SimException(400, "PARAM_ERROR", "amount.currency must be CNY");
        }
        OffsetDateTime timeExpire = null;
        if (req.getString("time_expire") != null) {
            try {
                timeExpire = OffsetDateTime.parse(req.getString("time_expire"));
            } catch (DateTimeParseException e) {
                throw new SimException(400, "PARAM_ERROR", "time_expire is not an RFC 3339 time");
            }
        }
        String openid = null;
        if (tradeType.equals("MWEB")) {
            JSONObject scene = req.getJSONObject("scene_info");
            if (scene == null || scene.getJSONObject("h5_info") == null || scene.getString("payer_client_ip") == null) {
                throw new SimException(
                        400, "PARAM_ERROR", "scene_info.payer_client_ip and scene_info.h5_info are required for H5");
            }
        } else if (tradeType.equals("JSAPI")) {
            JSONObject payer = req.getJSONObject("payer");
            openid = payer == null ? null : payer.getString("openid");
            if (openid == null || openid.isBlank()) {
                throw new SimException(400, "PARAM_ERROR", "payer.openid is required for JSAPI");
            }
        }
        Order fresh = new Order(outTradeNo, appid, mchid);
        fresh.total = total;
        Order order = byOutTradeNo.putIfAbsent(outTradeNo, fresh);
        if (order == null) {
            order = fresh;
            byToken.put(order.token, order);
        }
        synchronized (order) {
            if (order != fresh) {
                switch (order.tradeState) {
                    case "SUCCESS", "REFUND" -> throw new SimException(400, "ORDERPAID", "该订单已支付 order already paid");
                    case "CLOSED" -> throw new SimException(400, "ORDER_CLOSED", "该订单已关闭 order closed");
                    default -> {}
                }
                if (order.total != total) {
                    throw new SimException(
                            400,
                            "INVALID_REQUEST",
                            "订单号重复 out_trade_no " + outTradeNo + " exists with a different amount");
                }
            }
            order.tradeType = tradeType;
            order.description = description;
            order.notifyUrl = notifyUrl;
            order.attach = req.getString("attach");
            order.total = total;
            order.timeExpire = timeExpire;
            order.prepaidAt = now();
            if (openid != null) {
                order.jsapiOpenid = openid;
                byJsapiPrepayId.put(order.prepayId, order);
            }
            return order;
        }
    }

    Optional<Order> find(String outTradeNo) {
        return Optional.ofNullable(outTradeNo == null ? null : byOutTradeNo.get(outTradeNo));
    }

    Optional<Order> findByTransactionId(String transactionId) {
        return Optional.ofNullable(transactionId == null ? null : byTransactionId.get(transactionId));
    }

    /** The order a JSAPI prepay answered this prepay_id for. */
    Optional<Order> findByJsapiPrepayId(String prepayId) {
        return Optional.ofNullable(prepayId == null ? null : byJsapiPrepayId.get(prepayId));
    }

    Optional<Order> findByToken(String token) {
        return Optional.ofNullable(token == null ? null : byToken.get(token));
    }

    Order require(String outTradeNo) {
        return find(outTradeNo).orElseThrow(() -> new SimException(404, "ORDER_NOT_EXIST", "订单不存在 order not found"));
    }

    void close(String outTradeNo) {
        Order order = require(outTradeNo);
        synchronized (order) {
            switch (order.tradeState) {
                case "SUCCESS", "REFUND" -> throw new SimException(400, "ORDERPAID", "该订单已支付 order already paid");
                default -> order.tradeState = "CLOSED";
            }
        }
    }

    /** The student confirms in the cashier: NOTPAY and not expired becomes SUCCESS, else an error. */
    Order pay(String outTradeNo) {
        Order order = require(outTradeNo);
        synchronized (order) {
            switch (order.tradeState) {
                case "SUCCESS", "REFUND" -> throw new SimException(400, "ORDERPAID", "该订单已支付 order already paid");
                case "CLOSED" -> throw new SimException(400, "ORDER_CLOSED", "该订单已关闭 order closed");
                default -> {}
            }
            if (order.expired()) {
                throw new SimException(400, "ORDER_EXPIRED", "订单已过期 order expired at " + rfc3339(order.timeExpire));
            }
            order.tradeState = "SUCCESS";
            order.transactionId =
                    "42000" + DateTimeFormatter.ofPattern("yyyyMMdd").format(now()) + KitStore.digits(15);
            order.successTime = now();
            order.payerOpenid = order.jsapiOpenid != null ? order.jsapiOpenid : openId;
            byTransactionId.put(order.transactionId, order);
            return order;
        }
    }

    /** Makes an unpaid order's time_expire lie in the past. */
    void expire(String outTradeNo) {
        Order order = require(outTradeNo);
        synchronized (order) {
            order.timeExpire = now().minusSeconds(1);
        }
    }

    /** A refund, or the existing one with the same out_refund_no; the boolean says whether it is new. */
    Map.Entry<Refund, Boolean> refund(JSONObject req) {
        String outRefundNo = required(req, "out_refund_no");
        if (!OUT_REFUND_NO.matcher(outRefundNo).matches()) {
            throw new SimException(400, "PARAM_ERROR", "out_refund_no must be 1-64 characters of [0-9A-Za-z_-|*@]");
        }
        Refund existing = byOutRefundNo.get(outRefundNo);
        if (existing != null) {
            return Map.entry(existing, false);
        }
        Order order;
        if (req.getString("transaction_id") != null) {
            order = findByTransactionId(req.getString("transaction_id"))
                    .orElseThrow(() -> new SimException(404, "RESOURCE_NOT_EXISTS", "订单不存在 transaction not found"));
        } else if (req.getString("out_trade_no") != null) {
            order = find(req.getString("out_trade_no"))
                    .orElseThrow(() -> new SimException(404, "RESOURCE_NOT_EXISTS", "订单不存在 order not found"));
        } else {
            throw new SimException(400, "PARAM_ERROR", "out_trade_no or transaction_id is required");
        }
        JSONObject amount = req.getJSONObject("amount");
        Long refund = amount == null ? null : amount.getLong("refund");
        Long total = amount == null ? null : amount.getLong("total");
        if (refund == null || total == null || refund <= 0) {
            throw new SimException(400, "PARAM_ERROR", "amount.refund and amount.total are required and positive");
        }
        if (amount.getString("currency") != null
                && !amount.getString("currency").equals("CNY")) {
            throw new SimException(400, "PARAM_ERROR", "amount.currency must be CNY");
        }
        String notifyUrl = req.getString("notify_url");
        synchronized (order) {
            existing = byOutRefundNo.get(outRefundNo);
            if (existing != null) {
                return Map.entry(existing, false);
            }
            if (order.transactionId == null) {
                throw new SimException(400, "INVALID_REQUEST", "订单未支付 the order is not paid, nothing to refund");
            }
            if (total != order.total) {
                throw new SimException(
                        400,
                        "INVALID_REQUEST",
                        "amount.total " + total + " does not match the order's total " + order.total);
            }
            long already = order.refunded();
            if (already + refund > order.total) {
                throw new SimException(
                        400,
                        "INVALID_REQUEST",
                        "退款金额超过订单可退金额 refund " + refund + " exceeds what is left to refund (" + (order.total - already)
                                + " of " + order.total + ")");
            }
            Refund created = new Refund(
                    order,
                    outRefundNo,
                    refund,
                    req.getString("reason"),
                    notifyUrl != null ? notifyUrl : order.notifyUrl);
            order.refunds.add(created);
            byOutRefundNo.put(outRefundNo, created);
            return Map.entry(created, true);
        }
    }

    Optional<Refund> findRefund(String outRefundNo) {
        return Optional.ofNullable(outRefundNo == null ? null : byOutRefundNo.get(outRefundNo));
    }

    /** Ends a PROCESSING refund as SUCCESS or ABNORMAL; the order turns to REFUND. */
    void finishRefund(Refund refund, boolean abnormal) {
        synchronized (refund.order) {
            if (!refund.status.equals("PROCESSING")) {
                return;
            }
            if (abnormal) {
                refund.status = "ABNORMAL";
            } else {
                refund.status = "SUCCESS";
                refund.successTime = now();
            }
            refund.order.tradeState = "REFUND";
        }
    }

    List<Refund> refundsOf(String outTradeNo) {
        return find(outTradeNo)
                .map(o -> {
                    synchronized (o) {
                        return List.copyOf(o.refunds);
                    }
                })
                .orElse(List.of());
    }

    List<Order> all() {
        return List.copyOf(byOutTradeNo.values());
    }

    private static String required(JSONObject req, String field) {
        String value = req.getString(field);
        if (value == null || value.isBlank()) {
            throw new SimException(400, "PARAM_ERROR", "缺少参数 " + field + " is required");
        }
        return value;
    }

    static Map<String, Object> snapshotJson(OrderSnapshot s, List<RefundSnapshot> refunds) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("out_trade_no", s.outTradeNo());
        json.put("trade_type", s.tradeType());
        json.put("trade_state", s.tradeState());
        json.put("description", s.description());
        json.put("total", s.total());
        json.put("transaction_id", s.transactionId());
        json.put("success_time", rfc3339(s.successTime()));
        json.put("payer_openid", s.payerOpenid());
        json.put("notify_url", s.notifyUrl());
        json.put("time_expire", rfc3339(s.timeExpire()));
        json.put("expired", s.expired());
        json.put("refunded", s.refunded());
        json.put("cashier_token", s.cashierToken());
        List<Map<String, Object>> list = new ArrayList<>();
        for (RefundSnapshot r : refunds) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("out_refund_no", r.outRefundNo());
            m.put("refund_id", r.refundId());
            m.put("refund", r.refund());
            m.put("status", r.status());
            m.put("create_time", rfc3339(r.createTime()));
            m.put("success_time", rfc3339(r.successTime()));
            list.add(m);
        }
        json.put("refunds", list);
        return json;
    }
}

package com.courtrush.paysim;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The merchant's trade bill of a day (交易账单, {@code bill_type=ALL}) in WeChat Pay's format: a header line, one line
 * per payment that succeeded that day (China time) and one per refund that did, every field led by a backquote, then
 * the totals. What the test asks for is also planted: a trade only the bill has, an amount the bill says otherwise.
 * Downloads are handed out by token, as WeChat Pay's {@code download_url}s are.
 */
final class TradeBills {

    static final String HEADER = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,"
            + "付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,"
            + "商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";
    static final String TOTALS = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final Orders orders;
    /** Trades only the bill has: a day's extra lines, as planted. */
    private final Map<LocalDate, List<String[]>> planted = new ConcurrentHashMap<>();
    /** Amounts the bill says otherwise: an order's number to its amount in fen. */
    private final Map<String, Long> amounts = new ConcurrentHashMap<>();

    private final Map<String, byte[]> downloads = new ConcurrentHashMap<>();

    TradeBills(Orders orders) {
        this.orders = orders;
    }

    /** A paid trade of {@code day} that the merchant never asked for: only the bill will have it. */
    void plantTrade(LocalDate day, String outTradeNo, long fen) {
        planted.computeIfAbsent(day, d -> new java.util.concurrent.CopyOnWriteArrayList<>())
                .add(new String[] {outTradeNo, Long.toString(fen)});
    }

    /** The bill says {@code fen} for this order (or refund) instead of what it was. */
    void plantAmount(String number, long fen) {
        amounts.put(number, fen);
    }

    /** The day's bill, its SHA-1 and the token its download goes by. */
    String[] prepare(LocalDate day, String mchid, String appid) {
        byte[] bill = bill(day, mchid, appid).getBytes(StandardCharsets.UTF_8);
        String token = HexFormat.of().formatHex(KitStore.bytes(16));
        downloads.put(token, bill);
        return new String[] {token, sha1(bill)};
    }

    byte[] download(String token) {
        byte[] bill = token == null ? null : downloads.get(token);
        if (bill == null) {
            throw new SimException(404, "RESOURCE_NOT_EXISTS", "账单不存在 no bill for this download");
        }
        return bill;
    }

    String bill(LocalDate day, String mchid, String appid) {
        List<String> lines = new ArrayList<>();
        long count = 0;
        long paid = 0;
        long refunded = 0;
        for (Orders.Order order : orders.all()) {
            synchronized (order) {
                if (order.successTime != null && on(order.successTime, day)) {
                    long fen = amounts.getOrDefault(order.outTradeNo, order.total);
                    lines.add(line(
                            order.successTime,
                            appid,
                            mchid,
                            order.transactionId,
                            order.outTradeNo,
                            order.payerOpenid,
                            order.tradeType,
                            "SUCCESS",
                            fen,
                            "",
                            "",
                            0,
                            "",
                            order.description));
                    count++;
                    paid += fen;
                }
                for (Orders.Refund refund : order.refunds) {
                    if (refund.successTime != null && on(refund.successTime, day)) {
                        long fen = amounts.getOrDefault(refund.outRefundNo, refund.refund);
                        lines.add(line(
                                refund.successTime,
                                appid,
                                mchid,
                                order.transactionId,
                                order.outTradeNo,
                                order.payerOpenid,
                                order.tradeType,
                                "REFUND",
                                0,
                                refund.refundId,
                                refund.outRefundNo,
                                fen,
                                "SUCCESS",
                                order.description));
                        count++;
                        refunded += fen;
                    }
                }
            }
        }
        for (String[] trade : planted.getOrDefault(day, List.of())) {
            long fen = Long.parseLong(trade[1]);
            lines.add(line(
                    day.atTime(12, 0).atOffset(Orders.CHINA),
                    appid,
                    mchid,
                    "42" + KitStore.digits(26),
                    trade[0],
                    "planted",
                    "NATIVE",
                    "SUCCESS",
                    fen,
                    "",
                    "",
                    0,
                    "",
                    "planted by the test"));
            count++;
            paid += fen;
        }
        StringBuilder bill = new StringBuilder(HEADER).append("\r\n");
        lines.forEach(line -> bill.append(line).append("\r\n"));
        bill.append(TOTALS).append("\r\n");
        bill.append(String.join(
                        ",",
                        List.of(
                                "`" + count,
                                "`" + yuan(paid),
                                "`" + yuan(refunded),
                                "`0.00",
                                "`0.00000",
                                "`" + yuan(paid),
                                "`" + yuan(refunded))))
                .append("\r\n");
        return bill.toString();
    }

    private static String line(
            OffsetDateTime time,
            String appid,
            String mchid,
            String transactionId,
            String outTradeNo,
            String openid,
            String tradeType,
            String state,
            long paidFen,
            String refundId,
            String outRefundNo,
            long refundFen,
            String refundState,
            String description) {
        List<String> fields = List.of(
                TIME.format(time.atZoneSameInstant(Orders.CHINA)),
                appid,
                mchid,
                "0",
                "",
                transactionId,
                outTradeNo,
                openid == null ? "" : openid,
                tradeType,
                state,
                "OTHERS",
                "CNY",
                yuan(paidFen),
                "0.00",
                refundId,
                outRefundNo,
                yuan(refundFen),
                "0.00",
                refundFen > 0 ? "ORIGINAL" : "",
                refundState,
                description == null ? "" : description,
                "",
                "0.00000",
                "0.60%",
                yuan(paidFen),
                yuan(refundFen),
                "");
        return "`" + String.join(",`", fields);
    }

    private static boolean on(OffsetDateTime time, LocalDate day) {
        return time.atZoneSameInstant(Orders.CHINA).toLocalDate().equals(day);
    }

    private static String yuan(long fen) {
        return java.math.BigDecimal.valueOf(fen, 2).toPlainString();
    }

    private static String sha1(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every JDK", e);
        }
    }
}

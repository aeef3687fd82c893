package com.courtrush.pay;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * WeChat Pay's trade bill of a day (交易账单, {@code bill_type=ALL}) read: its header names the columns, every field of a
 * line is led by a backquote (so a line splits at each comma followed by one: a description's own commas stay), and
 * after the lines come the totals. A payment is a line whose 交易状态 is SUCCESS, a refund one with a 商户退款单号; amounts
 * are in yuan with two decimals.
 */
final class TradeBill {

    /** One payment (its order's number) or refund (its refund's number, and its order's) of the bill, in cents. */
    record Entry(boolean refund, String number, String outTradeNo, int cents) {}

    private static final String TOTALS = "总交易单数";

    private TradeBill() {}

    static List<Entry> read(String text) {
        String[] lines = text.replace("\uFEFF", "").split("\r?\n");
        if (lines.length == 0 || !lines[0].contains("商户订单号")) {
            throw new IllegalArgumentException("Not a WeChat Pay trade bill: its first line names no 商户订单号");
        }
        List<String> header = List.of(lines[0].split(","));
        int outTradeNo = column(header, "商户订单号");
        int state = column(header, "交易状态");
        int paid = column(header, "应结订单金额");
        int outRefundNo = column(header, "商户退款单号");
        int refunded = column(header, "退款金额");
        List<Entry> entries = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith(TOTALS)) {
                break;
            }
            String[] fields = fields(line);
            if (fields.length < header.size()) {
                throw new IllegalArgumentException("Line " + (i + 1) + " of the bill has " + fields.length
                        + " fields, its header " + header.size());
            }
            String refundNo = fields[outRefundNo];
            if (!refundNo.isEmpty() && !"0".equals(refundNo)) {
                entries.add(new Entry(true, refundNo, fields[outTradeNo], cents(fields[refunded])));
            } else if ("SUCCESS".equals(fields[state])) {
                entries.add(new Entry(false, fields[outTradeNo], fields[outTradeNo], cents(fields[paid])));
            }
        }
        return entries;
    }

    /** A line's fields, each without its leading backquote. */
    private static String[] fields(String line) {
        String body = line.startsWith("`") ? line.substring(1) : line;
        String[] fields = body.split(",`", -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].strip();
        }
        return fields;
    }

    private static int column(List<String> header, String name) {
        int index = header.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("The bill's header has no column " + name);
        }
        return index;
    }

    private static int cents(String yuan) {
        return new BigDecimal(yuan).movePointRight(2).intValueExact();
    }
}

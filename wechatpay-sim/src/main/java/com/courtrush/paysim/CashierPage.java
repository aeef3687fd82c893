package com.courtrush.paysim;

import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stand-in for WeChat Pay's H5 cashier ({@code h5_url}) and for the payment sheet a Native QR
 * code or a JSAPI prepay would open: shows the merchant, the description and the amount, and one
 * button that pays. After paying it redirects (303) to the {@code redirect_url} the merchant appended
 * to the h5_url, as WeChat Pay's H5 flow does.
 */
final class CashierPage {

    static final String BANNER = "WeChat Pay SIMULATOR — no money moves / 微信支付模拟器 — 不会扣款";

    private final Orders orders;
    private final WechatPaySimulator simulator;
    private final String merchantName;

    CashierPage(Orders orders, WechatPaySimulator simulator, String merchantName) {
        this.orders = orders;
        this.simulator = simulator;
        this.merchantName = merchantName;
    }

    Response handle(Request request) {
        List<String> seg = UrlParts.segments(request.path());
        Optional<Orders.Order> found = seg.size() >= 2 ? orders.findByToken(seg.get(1)) : Optional.empty();
        if (found.isEmpty()) {
            return page(404, "未找到订单 Order not found", "<p>This payment link is not known to the simulator.</p>");
        }
        Orders.Order order = found.get();
        if (seg.size() == 2
                && (request.method().equals("GET") || request.method().equals("HEAD"))) {
            return show(order, request.query().get("redirect_url"));
        }
        if (seg.size() == 3 && seg.get(2).equals("pay") && request.method().equals("POST")) {
            Map<String, String> form = new LinkedHashMap<>(request.query());
            form.putAll(UrlParts.form(request.bodyText()));
            try {
                simulator.pay(order.outTradeNo);
            } catch (IllegalStateException refused) {
                return show(order, form.get("redirect_url"));
            }
            String redirect = safeRedirect(form.get("redirect_url"));
            if (redirect != null) {
                Map<String, String> headers = new LinkedHashMap<>();
                headers.put("Location", redirect);
                headers.put("Content-Type", "text/html; charset=utf-8");
                return new Response(
                        303,
                        headers,
                        ("<a href=\"" + escape(redirect) + "\">continue</a>")
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            return page(200, "支付成功 Paid", summary(order.snapshot()) + "<p class=ok>支付成功 Paid</p>");
        }
        return page(405, "不支持 Not allowed", "<p>Use GET to see the order and the button to pay.</p>");
    }

    private Response show(Orders.Order order, String redirectUrl) {
        OrderSnapshot s = order.snapshot();
        String body;
        switch (s.tradeState()) {
            case "SUCCESS", "REFUND" -> body = summary(s) + "<p class=ok>该订单已支付 This order is paid.</p>";
            case "CLOSED" ->
                body = summary(s) + "<p class=no>订单已关闭，无法支付 This order is closed and can no longer be paid.</p>";
            default -> {
                if (s.expired()) {
                    body = summary(s) + "<p class=no>订单已过期，无法支付 This order has expired and can no longer be paid.</p>";
                } else {
                    String hidden = redirectUrl == null
                            ? ""
                            : "<input type=hidden name=redirect_url value=\"" + escape(redirectUrl) + "\">";
                    body = summary(s) + "<form method=post action=\"/cashier/" + escape(s.cashierToken()) + "/pay\">"
                            + hidden + "<button id=confirm-pay type=submit>确认支付 Confirm payment</button></form>";
                }
            }
        }
        return page(200, "微信支付 WeChat Pay (simulated)", body);
    }

    private String summary(OrderSnapshot s) {
        return "<p class=merchant>" + escape(merchantName) + "</p><p class=desc>" + escape(s.description())
                + "</p><p class=amount>¥" + yuan(s.total()) + "</p>";
    }

    static String yuan(long fen) {
        return String.format("%d.%02d", fen / 100, fen % 100);
    }

    /** Only http(s) targets; anything else (javascript:, data:) is ignored. */
    static String safeRedirect(String url) {
        if (url == null) {
            return null;
        }
        String lower = url.trim().toLowerCase(java.util.Locale.ROOT);
        return lower.startsWith("https://") || lower.startsWith("http://") ? url.trim() : null;
    }

    private static Response page(int status, String title, String content) {
        String html = "<!doctype html><html lang=zh-CN><head><meta charset=utf-8>"
                + "<meta name=viewport content=\"width=device-width, initial-scale=1\">"
                + "<title>" + escape(title) + "</title><style>"
                + "body{margin:0;font-family:system-ui,-apple-system,'PingFang SC',sans-serif;background:#f2f2f2;color:#111}"
                + ".banner{background:#b00020;color:#fff;padding:10px 12px;font-weight:600;font-size:14px;text-align:center}"
                + "main{max-width:360px;margin:0 auto;padding:16px;box-sizing:border-box}"
                + ".merchant{color:#555;margin:8px 0}.desc{margin:8px 0}"
                + ".amount{font-size:36px;font-weight:700;margin:16px 0}"
                + "button{width:100%;padding:14px;font-size:17px;border:0;border-radius:8px;background:#07c160;color:#fff}"
                + ".ok{color:#07c160;font-weight:600}.no{color:#b00020;font-weight:600}"
                + "</style></head><body><div class=banner role=note>" + escape(BANNER)
                + "</div><main><h1 style=\"font-size:18px\">"
                + escape(title) + "</h1>" + content + "</main></body></html>";
        return Response.of(status, "text/html; charset=utf-8", html);
    }

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}

package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The official account's server API (公众号) as WeChat documents it at {@code api.weixin.qq.com}, for what CourtRush
 * asks of it: the account's access token ({@code GET /cgi-bin/token}, grant_type client_credential, two hours; or the
 * stable one, {@code POST /cgi-bin/stable_token}, the same to every caller while it is valid), the
 * JS-SDK's ticket ({@code GET /cgi-bin/ticket/getticket?type=jsapi}) and subscribe notifications (订阅通知, {@code POST
 * /cgi-bin/message/subscribe/bizsend}). Like WeChat it answers errors with HTTP 200 and {@code errcode}/{@code errmsg}:
 * 40013/40125 a wrong AppID or AppSecret, 40001 a token it never issued or revoked, 42001 an expired one, 40037 a
 * template the account has not chosen, 40003 an openid not of the account, 47003 a field missing or over its kind's
 * limits ({@link #valueRefused}), 43101 a user with no consent left for that template, 45009 the day's quota spent.
 *
 * <p>A user's consent is what WeChat's open tag {@code <wx-open-subscribe>} records when they tap "allow": one message
 * of that template, spent by the next one sent ({@link #consent}; {@link OpenTagBridge} for a page in a browser). The
 * account's templates are those chosen in its console ({@link #addTemplate}); three are there from the start
 * ({@link #SEEDED}). Switches a test flips: every token expired ({@link #expireTokens}), revoked ({@link
 * #revokeTokens}), the quota spent, WeChat down (HTTP 503 for every call). Thread-safe.
 */
public final class OfficialAccountServer {

    static final String TOKEN = "/cgi-bin/token";
    /** The stable access token: the same one to every client while it is valid (WeChat's way for many servers). */
    static final String STABLE_TOKEN = "/cgi-bin/stable_token";

    static final String TICKET = "/cgi-bin/ticket/getticket";
    static final String SEND = "/cgi-bin/message/subscribe/bizsend";

    /**
     * The templates the simulated account has chosen, by id, each with its keywords (a keyword's kind is its name
     * without the digits: {@code thing1} is a thing): a booking's state, a payment due, money given back.
     */
    public static final Map<String, List<String>> SEEDED = Map.of(
            "SIM-BOOKING-STATE", List.of("thing1", "time2", "phrase3", "thing4"),
            "SIM-PAY-DUE", List.of("thing1", "time2", "amount3"),
            "SIM-REFUND", List.of("amount1", "thing2", "thing3"));

    private static final Duration LIFETIME = Duration.ofHours(2);
    /** How long before a stable token ends a new one is given: both are valid meanwhile. */
    private static final Duration OVERLAP = Duration.ofMinutes(5);

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    private static final Pattern KEYWORD = Pattern.compile("([a-z_]+?)(\\d+)");
    private static final Pattern TIME = Pattern.compile(
            "(\\d{4}年\\d{1,2}月\\d{1,2}日 ?)?\\d{1,2}:\\d{2}(~(\\d{4}年\\d{1,2}月\\d{1,2}日 ?)?\\d{1,2}:\\d{2})?"
                    + "|\\d{4}年\\d{1,2}月\\d{1,2}日");
    private static final Pattern AMOUNT = Pattern.compile("[¥￥$]?\\d{1,10}(\\.\\d{1,2})?元?");

    /** A notification WeChat accepted: to whom, which template, the page it opens and its fields. */
    public record Message(String msgId, String toUser, String templateId, String page, Map<String, String> data) {}

    private final Kit kit;
    private final Map<String, Instant> tokens = new ConcurrentHashMap<>();
    private final Map<String, Instant> tickets = new ConcurrentHashMap<>();
    private final Map<String, List<String>> templates = new ConcurrentHashMap<>(SEEDED);
    private final Map<String, AtomicInteger> consents = new ConcurrentHashMap<>();
    private final List<Message> messages = new CopyOnWriteArrayList<>();
    private final AtomicInteger tokensIssued = new AtomicInteger();
    private final AtomicLong nextMsgId = new AtomicLong(2_000_000_000L);
    private volatile boolean down;
    private volatile boolean quotaSpent;

    OfficialAccountServer(Kit kit) {
        this.kit = kit;
    }

    boolean handles(String path) {
        return path.equals(TOKEN) || path.equals(STABLE_TOKEN) || path.equals(TICKET) || path.equals(SEND);
    }

    Response handle(Request request) {
        if (down) {
            return Response.of(503, "text/html; charset=utf-8", "<html><body>503 Service Unavailable</body></html>");
        }
        return switch (request.path()) {
            case TOKEN -> token(request.query());
            case STABLE_TOKEN -> stableToken(request);
            case TICKET -> ticket(request.query());
            default -> send(request);
        };
    }

    /** How many access tokens the account was given: one for every node that shares it, more after each expiry. */
    public int tokensIssued() {
        return tokensIssued.get();
    }

    /** Every token issued so far ends now: the next call with one is answered 42001. */
    public void expireTokens() {
        Instant now = Instant.now();
        tokens.replaceAll((token, expires) -> now.minusMillis(1));
    }

    /** Every token issued so far is forgotten (another client of the account took a new one): 40001. */
    public void revokeTokens() {
        tokens.clear();
    }

    /** WeChat down (every call answered HTTP 503) or back. */
    public void down(boolean down) {
        this.down = down;
    }

    /** The day's quota of notifications spent (45009 to every send) or renewed. */
    public void quotaSpent(boolean spent) {
        this.quotaSpent = spent;
    }

    /** A template chosen in the account's console, with its keywords ({@code thing1}, {@code time2}…). */
    public void addTemplate(String templateId, List<String> keywords) {
        templates.put(templateId, List.copyOf(keywords));
    }

    /** As if the user of {@code openId} tapped "allow" once for each template in the open tag. */
    public void consent(String openId, Set<String> templateIds) {
        for (String templateId : templateIds) {
            consents.computeIfAbsent(openId + "/" + templateId, key -> new AtomicInteger())
                    .incrementAndGet();
        }
    }

    /** Consents the user has left for the template: messages WeChat will still accept. */
    public int consentsLeft(String openId, String templateId) {
        AtomicInteger left = consents.get(openId + "/" + templateId);
        return left == null ? 0 : left.get();
    }

    /** The notifications accepted so far, oldest first. */
    public List<Message> messages() {
        return List.copyOf(messages);
    }

    /** The JS-SDK's ticket now valid, if one was asked for (what a page's {@code wx.config} signature is made with). */
    public String jsapiTicket() {
        Instant now = Instant.now();
        return tickets.entrySet().stream()
                .filter(e -> e.getValue().isAfter(now))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(null);
    }

    private Response token(Map<String, String> q) {
        if (!"client_credential".equals(q.get("grant_type"))) {
            return error(40002, "invalid grant_type");
        }
        if (!kit.appId().equals(q.get("appid"))) {
            return error(40013, "invalid appid");
        }
        if (!kit.appSecret().equals(q.get("secret"))) {
            return error(40125, "invalid appsecret");
        }
        synchronized (tokens) {
            return issue();
        }
    }

    /**
     * {@code POST /cgi-bin/stable_token} ({@code {grant_type, appid, secret, force_refresh}}): while a token is valid
     * every caller gets that one, so many servers asking at once share it; a new one when it has ended or ends within
     * five minutes (the old one lasts its time), was revoked, or a refresh is forced.
     */
    private Response stableToken(Request request) {
        JSONObject body;
        try {
            body = JSON.parseObject(request.bodyText());
        } catch (JSONException e) {
            return error(47001, "data format error");
        }
        if (body == null || !"client_credential".equals(body.getString("grant_type"))) {
            return error(40002, "invalid grant_type");
        }
        if (!kit.appId().equals(body.getString("appid"))) {
            return error(40013, "invalid appid");
        }
        if (!kit.appSecret().equals(body.getString("secret"))) {
            return error(40125, "invalid appsecret");
        }
        synchronized (tokens) {
            Instant now = Instant.now();
            if (!Boolean.TRUE.equals(body.getBoolean("force_refresh"))) {
                for (Map.Entry<String, Instant> token : tokens.entrySet()) {
                    if (token.getValue().isAfter(now.plus(OVERLAP))) {
                        return json(JSONObject.of(
                                "access_token",
                                token.getKey(),
                                "expires_in",
                                Duration.between(now, token.getValue()).toSeconds()));
                    }
                }
            }
            return issue();
        }
    }

    private Response issue() {
        String token = KitStore.random(ALPHABET, 136);
        tokens.put(token, Instant.now().plus(LIFETIME));
        tokensIssued.incrementAndGet();
        return json(JSONObject.of("access_token", token, "expires_in", LIFETIME.toSeconds()));
    }

    private Response ticket(Map<String, String> q) {
        Response refused = tokenRefused(q.get("access_token"));
        if (refused != null) {
            return refused;
        }
        if (!"jsapi".equals(q.get("type"))) {
            return error(40097, "invalid args");
        }
        String ticket = KitStore.random(ALPHABET, 86);
        tickets.put(ticket, Instant.now().plus(LIFETIME));
        return json(JSONObject.of("errcode", 0, "errmsg", "ok", "ticket", ticket, "expires_in", LIFETIME.toSeconds()));
    }

    private Response send(Request request) {
        if (!request.method().equals("POST")) {
            return error(43002, "require POST method");
        }
        Response refused = tokenRefused(request.query().get("access_token"));
        if (refused != null) {
            return refused;
        }
        JSONObject body;
        try {
            body = JSON.parseObject(request.bodyText());
        } catch (JSONException e) {
            return error(47001, "data format error");
        }
        if (body == null) {
            return error(44002, "empty post data");
        }
        String toUser = body.getString("touser");
        String templateId = body.getString("template_id");
        List<String> keywords = templateId == null ? null : templates.get(templateId);
        if (keywords == null) {
            return error(40037, "invalid template_id");
        }
        if (toUser == null || !toUser.matches("o[A-Za-z0-9_-]{27}")) {
            return error(40003, "invalid openid");
        }
        JSONObject data = body.getJSONObject("data");
        Map<String, String> fields = new LinkedHashMap<>();
        for (String keyword : keywords) {
            JSONObject field = data == null ? null : data.getJSONObject(keyword);
            String value = field == null ? null : field.getString("value");
            String why = valueRefused(keyword, value);
            if (why != null) {
                return error(47003, "argument invalid! data." + keyword + ".value " + why);
            }
            fields.put(keyword, value);
        }
        if (quotaSpent) {
            return error(45009, "reach max api daily quota limit");
        }
        AtomicInteger left = consents.get(toUser + "/" + templateId);
        if (left == null || left.getAndUpdate(n -> Math.max(0, n - 1)) <= 0) {
            return error(43101, "user refuse to accept the msg");
        }
        String msgId = Long.toString(nextMsgId.incrementAndGet());
        messages.add(new Message(msgId, toUser, templateId, body.getString("page"), Map.copyOf(fields)));
        return json(JSONObject.of("errcode", 0, "errmsg", "ok", "msgid", Long.parseLong(msgId)));
    }

    /**
     * Why WeChat refuses a keyword's value, or null when it takes it: each kind as the subscribe notifications'
     * documentation limits it (a thing 20 characters, a phrase 5 Chinese characters, a character_string 32 letters,
     * digits or symbols, a time of day with its date in Chinese or a span of them, an amount with a currency sign).
     */
    static String valueRefused(String keyword, String value) {
        if (value == null || value.isEmpty()) {
            return "is empty";
        }
        Matcher named = KEYWORD.matcher(keyword);
        String kind = named.matches() ? named.group(1) : keyword;
        int length = value.codePointCount(0, value.length());
        boolean ok = switch (kind) {
            case "thing" -> length <= 20;
            case "phrase" -> length <= 5 && value.codePoints().allMatch(c -> c >= 0x4E00 && c <= 0x9FFF);
            case "character_string" -> length <= 32 && value.chars().allMatch(c -> c > 32 && c < 127);
            case "number" -> length <= 32 && value.matches("\\d+(\\.\\d+)?");
            case "letter" -> length <= 32 && value.matches("[A-Za-z]+");
            case "time", "date" -> TIME.matcher(value).matches();
            case "amount" -> AMOUNT.matcher(value).matches();
            case "name" -> length <= 10 || (length <= 20 && value.matches("[A-Za-z .·-]+"));
            default -> length <= 20;
        };
        return ok ? null : "invalid for a " + kind + ": " + value;
    }

    /**
     * The open tag's "allow" tapped by the user of {@code openId} for these templates: a consent of each the account
     * has chosen; answers WeChat's {@code subscribeDetails} (each template's {@code {"status":"accept"}} or
     * {@code "reject"}, as a JSON text).
     */
    Map<String, String> tapped(String openId, List<String> templateIds) {
        Map<String, String> details = new LinkedHashMap<>();
        for (String templateId : templateIds) {
            boolean known = templates.containsKey(templateId);
            if (known) {
                consent(openId, Set.of(templateId));
            }
            details.put(
                    templateId,
                    JSONObject.of("status", known ? "accept" : "reject").toJSONString());
        }
        return details;
    }

    /**
     * Whether a page's {@code wx.config} is signed as WeChat checks it: SHA-1 of {@code
     * jsapi_ticket=…&noncestr=…&timestamp=…&url=…} with a ticket the account was given and still holds.
     */
    boolean signatureValid(String nonceStr, String timestamp, String url, String signature) {
        Instant now = Instant.now();
        for (Map.Entry<String, Instant> ticket : tickets.entrySet()) {
            if (ticket.getValue().isAfter(now)) {
                String signed = "jsapi_ticket=" + ticket.getKey() + "&noncestr=" + nonceStr + "&timestamp=" + timestamp
                        + "&url=" + url;
                if (sha1(signed).equalsIgnoreCase(signature == null ? "" : signature)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String sha1(String text) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-1")
                            .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is in every JDK", e);
        }
    }

    private Response tokenRefused(String token) {
        Instant expires = token == null ? null : tokens.get(token);
        if (expires == null) {
            return error(40001, "invalid credential, access_token is invalid or not latest");
        }
        if (!expires.isAfter(Instant.now())) {
            return error(42001, "access_token expired");
        }
        return null;
    }

    private static Response error(int errcode, String errmsg) {
        return json(JSONObject.of("errcode", errcode, "errmsg", errmsg));
    }

    private static Response json(JSONObject body) {
        return Response.of(200, "application/json; charset=utf-8", body.toJSONString());
    }
}

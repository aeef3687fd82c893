package com.courtrush.paysim;

import com.alibaba.fastjson2.JSONObject;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The official account's web authorization (OAuth2) that a JSAPI payment starts with, as WeChat
 * documents it for {@code open.weixin.qq.com} and {@code api.weixin.qq.com}: {@code GET
 * /connect/oauth2/authorize} (in WeChat's browser, the user silently agrees for snsapi_base) redirects
 * back with a {@code code}; {@code GET /sns/oauth2/access_token} exchanges it, with the AppSecret,
 * for the user's openid. Who is using WeChat in a browser is the {@value #USER_COOKIE} cookie that
 * {@code GET /sim/wechat-user?name=} sets (a test's phone of its own): each name has its own openid,
 * fixed per kit ({@link #openIdOf}); without the cookie it is the kit's one default user. Codes are
 * single-use and live 5 minutes. Not /v3 APIs: nothing here is signed.
 */
final class OAuth {

    static final String AUTHORIZE = "/connect/oauth2/authorize";
    static final String ACCESS_TOKEN = "/sns/oauth2/access_token";
    /** Sets who uses WeChat in this browser: {@code ?name=}, and {@code &next=} where to go then. */
    static final String USER = "/sim/wechat-user";
    /** The browser's simulated WeChat user (a name; cookies ignore ports, so the engine's host sees it too). */
    static final String USER_COOKIE = "wxsim_user";

    private static final Duration CODE_LIFETIME = Duration.ofMinutes(5);
    private static final String CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private record Code(String scope, String openId, Instant expires) {}

    private final Kit kit;
    private final String openId;
    private final Map<String, Code> codes = new ConcurrentHashMap<>();

    OAuth(Kit kit, String openId) {
        this.kit = kit;
        this.openId = openId;
    }

    boolean handles(String path) {
        return path.equals(AUTHORIZE) || path.equals(ACCESS_TOKEN) || path.equals(USER);
    }

    Response handle(Request request) {
        return switch (request.path()) {
            case AUTHORIZE -> authorize(request);
            case USER -> user(request);
            default -> accessToken(request);
        };
    }

    /**
     * The openid of the simulated WeChat user {@code name} under the kit's AppID (the kit's default user's for a
     * blank name): 28 characters starting with {@code o}, as WeChat's look, the same for the same kit and name.
     */
    String openIdOf(String name) {
        if (name == null || name.isBlank()) {
            return openId;
        }
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest((kit.appId() + "/" + name).getBytes(StandardCharsets.UTF_8));
            return "o"
                    + java.util.Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(digest)
                            .substring(0, 27);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Response user(Request request) {
        if (!request.remote().isLoopbackAddress()) {
            return errorPage(403, "the simulator's controls answer loopback only");
        }
        String name = request.query().getOrDefault("name", "");
        if (!name.matches("[A-Za-z0-9_-]{0,32}")) {
            return errorPage(400, "name: letters, digits, - and _ only, at most 32");
        }
        String next = request.query().get("next");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(
                "Set-Cookie",
                USER_COOKIE + "=" + name + "; Path=/; SameSite=Lax" + (name.isEmpty() ? "; Max-Age=0" : ""));
        String body = JSONObject.of("name", name, "openid", openIdOf(name)).toJSONString();
        if (next != null && (next.startsWith("http://") || next.startsWith("https://"))) {
            headers.put("Location", next);
            return new Response(302, headers, new byte[0]);
        }
        headers.put("Content-Type", "application/json; charset=utf-8");
        return new Response(200, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    /** The browser's simulated WeChat user: its {@value #USER_COOKIE} cookie's name, blank without one. */
    static String userOf(Request request) {
        String cookies = request.header("cookie");
        if (cookies == null) {
            return "";
        }
        for (String cookie : cookies.split(";")) {
            String[] pair = cookie.strip().split("=", 2);
            if (pair.length == 2 && pair[0].equals(USER_COOKIE)) {
                return pair[1];
            }
        }
        return "";
    }

    private Response authorize(Request request) {
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            return errorPage(405, "请在微信客户端打开链接 Open this link in WeChat (GET)");
        }
        Map<String, String> q = request.query();
        if (!kit.appId().equals(q.get("appid"))) {
            return errorPage(400, "appid 参数错误 the appid is not the simulated official account's");
        }
        String redirectUri = q.get("redirect_uri");
        String lower = redirectUri == null ? "" : redirectUri.toLowerCase(Locale.ROOT);
        if (!(lower.startsWith("http://") || lower.startsWith("https://"))) {
            return errorPage(400, "redirect_uri 参数错误 redirect_uri must be an http(s) URL (URL-encoded)");
        }
        if (!"code".equals(q.get("response_type"))) {
            return errorPage(400, "response_type 参数错误 response_type must be code");
        }
        String scope = q.get("scope");
        if (!"snsapi_base".equals(scope) && !"snsapi_userinfo".equals(scope)) {
            return errorPage(400, "scope 参数错误或没有 scope 权限 scope must be snsapi_base or snsapi_userinfo");
        }
        purgeExpired();
        String code = KitStore.random(CODE_ALPHABET, 32);
        codes.put(code, new Code(scope, openIdOf(userOf(request)), Instant.now().plus(CODE_LIFETIME)));
        String state = q.getOrDefault("state", "");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Location", appendQuery(redirectUri, "code=" + code + "&state=" + encode(state)));
        headers.put("Content-Type", "text/html; charset=utf-8");
        return new Response(302, headers, new byte[0]);
    }

    /** {@code url} with {@code params} appended to its query, before any {@code #fragment}. */
    static String appendQuery(String url, String params) {
        int hash = url.indexOf('#');
        String base = hash < 0 ? url : url.substring(0, hash);
        String fragment = hash < 0 ? "" : url.substring(hash);
        String separator;
        if (!base.contains("?")) {
            separator = "?";
        } else if (base.endsWith("?") || base.endsWith("&")) {
            separator = "";
        } else {
            separator = "&";
        }
        return base + separator + params + fragment;
    }

    private Response accessToken(Request request) {
        Map<String, String> q = new LinkedHashMap<>(request.query());
        if (request.method().equals("POST")) {
            UrlParts.form(request.bodyText()).forEach(q::putIfAbsent);
        }
        if (!kit.appId().equals(q.get("appid")) || !kit.appSecret().equals(q.get("secret"))) {
            return error(40125, "invalid appsecret");
        }
        if (!"authorization_code".equals(q.get("grant_type"))) {
            return error(40002, "invalid grant_type");
        }
        String code = q.get("code");
        if (code == null || code.isEmpty()) {
            return error(41008, "missing code");
        }
        Code issued = codes.remove(code); // single-use, even when it turns out expired
        if (issued == null || Instant.now().isAfter(issued.expires())) {
            return error(40029, "invalid code");
        }
        JSONObject answer = new JSONObject();
        answer.put("access_token", KitStore.random(CODE_ALPHABET, 86));
        answer.put("expires_in", 7200);
        answer.put("refresh_token", KitStore.random(CODE_ALPHABET, 86));
        answer.put("openid", issued.openId());
        answer.put("scope", issued.scope());
        return json(answer);
    }

    private void purgeExpired() {
        Instant now = Instant.now();
        codes.values().removeIf(c -> now.isAfter(c.expires()));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** WeChat answers errors with HTTP 200 and errcode/errmsg. */
    private static Response error(int errcode, String errmsg) {
        return json(JSONObject.of("errcode", errcode, "errmsg", errmsg));
    }

    private static Response json(JSONObject body) {
        return Response.of(200, "application/json; charset=utf-8", body.toJSONString());
    }

    private static Response errorPage(int status, String message) {
        String html = "<!doctype html><html lang=zh-CN><head><meta charset=utf-8>"
                + "<meta name=viewport content=\"width=device-width, initial-scale=1\">"
                + "<title>微信网页授权 WeChat authorization (simulated)</title></head><body>"
                + "<div role=note style=\"background:#b00020;color:#fff;padding:10px 12px;font-weight:600\">"
                + CashierPage.escape(CashierPage.BANNER)
                + "</div><main style=\"padding:16px\"><h1 style=\"font-size:18px\">"
                + "授权失败 Authorization failed</h1><p class=error>" + CashierPage.escape(message)
                + "</p></main></body></html>";
        return Response.of(status, "text/html; charset=utf-8", html);
    }
}

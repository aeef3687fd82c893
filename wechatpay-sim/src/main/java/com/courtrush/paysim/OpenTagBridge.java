package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What WeChat's own browser does for a page's JS-SDK and its subscribe button, for a test's browser: {@code GET
 * /sim/jweixin.js} is a stand-in {@code wx} (the JS-SDK) a test injects into the app's page where WeChat would load its
 * own. {@code wx.config} is checked here ({@code POST /sim/jsapi/verify}: the signature with the account's
 * jsapi_ticket over the page's address, as WeChat checks it; {@code ready} or {@code error} follow), and the open tag
 * {@code <wx-open-subscribe template="…">} shows its {@code <script type="text/wxtag-template">} once configured; a tap
 * is the user's "allow" ({@code POST /sim/wechat-subscribe}): a consent of each template for the browser's WeChat user
 * (the {@code wxsim_user} cookie, as the OAuth's), answered as WeChat's {@code success} event. Answers CORS to the
 * page's origin with its credentials: the page lives on the app's origin.
 */
final class OpenTagBridge {

    static final String SCRIPT = "/sim/jweixin.js";
    static final String VERIFY = "/sim/jsapi/verify";
    static final String SUBSCRIBE = "/sim/wechat-subscribe";

    private final OfficialAccountServer account;
    private final Kit kit;
    private final Function<Request, String> openIdOf;
    private final String baseUrl;

    OpenTagBridge(OfficialAccountServer account, Kit kit, Function<Request, String> openIdOf, String baseUrl) {
        this.account = account;
        this.kit = kit;
        this.openIdOf = openIdOf;
        this.baseUrl = baseUrl;
    }

    boolean handles(String path) {
        return path.equals(SCRIPT) || path.equals(VERIFY) || path.equals(SUBSCRIBE);
    }

    Response handle(Request request) {
        String origin = request.header("Origin");
        if (request.method().equals("OPTIONS")) {
            Response preflight = new Response(204, new LinkedHashMap<>(), new byte[0]);
            preflight.headers().put("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
            preflight.headers().put("Access-Control-Allow-Headers", "Content-Type");
            preflight.headers().put("Access-Control-Max-Age", "600");
            return cors(preflight, origin);
        }
        if (request.path().equals(SCRIPT)) {
            return cors(Response.of(200, "application/javascript; charset=utf-8", script()), origin);
        }
        if (!request.method().equals("POST")) {
            return cors(json(405, JSONObject.of("code", "NOT_ALLOWED")), origin);
        }
        JSONObject body;
        try {
            body = JSON.parseObject(request.bodyText());
        } catch (JSONException e) {
            body = null;
        }
        if (body == null) {
            return cors(json(400, JSONObject.of("code", "INVALID_REQUEST")), origin);
        }
        if (request.path().equals(VERIFY)) {
            boolean ok = kit.appId().equals(body.getString("appId"))
                    && account.signatureValid(
                            body.getString("nonceStr"),
                            body.getString("timestamp"),
                            body.getString("url"),
                            body.getString("signature"));
            return cors(
                    json(
                            200,
                            ok
                                    ? JSONObject.of("ok", true)
                                    : JSONObject.of("ok", false, "errMsg", "config:invalid signature")),
                    origin);
        }
        List<String> templates = body.getList("templates", String.class);
        Map<String, String> details =
                account.tapped(openIdOf.apply(request), templates == null ? List.of() : templates);
        return cors(json(200, new JSONObject(new LinkedHashMap<>(details))), origin);
    }

    private static Response cors(Response response, String origin) {
        if (origin != null && !origin.isBlank()) {
            response.headers().put("Access-Control-Allow-Origin", origin);
            response.headers().put("Access-Control-Allow-Credentials", "true");
            response.headers().put("Vary", "Origin");
        }
        return response;
    }

    private static Response json(int status, JSONObject body) {
        return Response.of(status, "application/json; charset=utf-8", body.toJSONString());
    }

    /** The stand-in JS-SDK, asking this simulator by its absolute address. */
    String script() {
        String base = JSON.toJSONString(baseUrl);
        return """
                // WeChat official account SIMULATOR. A stand-in for WeChat's JS-SDK (jweixin) and its open tag
                // <wx-open-subscribe>, which WeChat's own browser provides: tests inject this script into the app's
                // page (they play WeChat's browser). wx.config is checked by the simulator as WeChat checks it (the
                // signature with the jsapi_ticket); a tap on the open tag is the user's "allow".
                (() => {
                  if (window.wx && window.wx.__simulated) { return; }
                  const SIM = %s;
                  const waiting = { ready: [], error: [] };
                  let state = 'idle';
                  let tags = [];
                  const settle = (ok, errMsg) => {
                    state = ok ? 'ok' : 'failed';
                    (ok ? waiting.ready : waiting.error).splice(0).forEach(f => f(ok ? undefined : { errMsg }));
                    document.querySelectorAll('wx-open-subscribe').forEach(tag => tag.render && tag.render());
                  };
                  window.wx = {
                    __simulated: true,
                    config(c) {
                      tags = c.openTagList || [];
                      fetch(SIM + '/sim/jsapi/verify', {
                        method: 'POST', headers: { 'Content-Type': 'application/json' },
                        body: JSON.stringify({ appId: c.appId, timestamp: String(c.timestamp), nonceStr: c.nonceStr,
                                               signature: c.signature, url: location.href.split('#')[0] })
                      }).then(r => r.json()).then(a => settle(a.ok, a.errMsg))
                        .catch(() => settle(false, 'config:fail'));
                    },
                    ready(f) { if (state === 'ok') { f(); } else { waiting.ready.push(f); } },
                    error(f) { if (state === 'failed') { f({ errMsg: 'config:invalid signature' }); } else { waiting.error.push(f); } }
                  };
                  class OpenSubscribe extends HTMLElement {
                    connectedCallback() { this.render(); }
                    render() {
                      if (state !== 'ok' || !tags.includes('wx-open-subscribe') || this.shadowRoot) { return; }
                      const template = this.querySelector('script[type="text/wxtag-template"]');
                      const root = this.attachShadow({ mode: 'open' });
                      root.innerHTML = template ? template.textContent : '';
                      root.addEventListener('click', () => this.tapped());
                    }
                    tapped() {
                      const templates = (this.getAttribute('template') || '').split(',').map(s => s.trim()).filter(Boolean);
                      fetch(SIM + '/sim/wechat-subscribe', {
                        method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
                        body: JSON.stringify({ templates })
                      }).then(r => r.json())
                        .then(details => this.dispatchEvent(new CustomEvent('success', {
                          detail: { errMsg: 'subscribe:ok', subscribeDetails: JSON.stringify(details) } })))
                        .catch(() => this.dispatchEvent(new CustomEvent('error', {
                          detail: { errCode: 0, errMsg: 'subscribe:fail' } })));
                    }
                  }
                  customElements.define('wx-open-subscribe', OpenSubscribe);
                })();
                """.formatted(base);
    }
}

package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.security.PublicKey;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Optional;

/**
 * What WeChat's own browser does for {@code WeixinJSBridge.invoke('getBrandWCPayRequest', …)}: checks
 * the merchant's {@code paySign} over {@code appId\ntimeStamp\nnonceStr\npackage\n} with the merchant's
 * public key, finds the order by its prepay_id, and pays it as {@link WechatPaySimulator#pay(String)}
 * does. {@code POST /sim/jsapi/pay} takes the parameters; {@code GET /sim/weixin-js-bridge.js} is the
 * stand-in {@code WeixinJSBridge} a test injects into the app's page. Both answer CORS {@code *}: the
 * page lives on the app's origin.
 */
final class JsapiBridge {

    static final String PAY = "/sim/jsapi/pay";
    static final String SCRIPT = "/sim/weixin-js-bridge.js";
    private static final Duration PREPAY_ID_LIFETIME = Duration.ofHours(2);
    private static final String OK = "get_brand_wcpay_request:ok";
    private static final String FAIL = "get_brand_wcpay_request:fail";

    private final Kit kit;
    private final PublicKey merchantPublicKey;
    private final String openId;
    private final Orders orders;
    private final WechatPaySimulator simulator;

    JsapiBridge(Kit kit, PublicKey merchantPublicKey, String openId, Orders orders, WechatPaySimulator simulator) {
        this.kit = kit;
        this.merchantPublicKey = merchantPublicKey;
        this.openId = openId;
        this.orders = orders;
        this.simulator = simulator;
    }

    boolean handles(String path) {
        return path.equals(PAY) || path.equals(SCRIPT);
    }

    Response handle(Request request) {
        String method = request.method();
        if (method.equals("OPTIONS")) {
            Response preflight = cors(new Response(204, new LinkedHashMap<>(), new byte[0]));
            preflight
                    .headers()
                    .put("Access-Control-Allow-Methods", request.path().equals(PAY) ? "POST, OPTIONS" : "GET, OPTIONS");
            String asked = request.header("Access-Control-Request-Headers");
            preflight
                    .headers()
                    .put("Access-Control-Allow-Headers", asked == null || asked.isBlank() ? "Content-Type" : asked);
            preflight.headers().put("Access-Control-Max-Age", "600");
            if ("true".equalsIgnoreCase(request.header("Access-Control-Request-Private-Network"))) {
                preflight.headers().put("Access-Control-Allow-Private-Network", "true");
            }
            return preflight;
        }
        if (request.path().equals(SCRIPT) && (method.equals("GET") || method.equals("HEAD"))) {
            return cors(Response.of(200, "application/javascript; charset=utf-8", script()));
        }
        if (request.path().equals(PAY) && method.equals("POST")) {
            return cors(json(pay(request)));
        }
        return cors(Response.of(
                405,
                "application/json; charset=utf-8",
                JSONObject.of("code", "NOT_ALLOWED", "message", method + " is not allowed on " + request.path())
                        .toJSONString()));
    }

    private JSONObject pay(Request request) {
        JSONObject params;
        try {
            params = JSON.parseObject(request.bodyText());
        } catch (JSONException e) {
            params = null;
        }
        if (params == null) {
            return fail("the body must be the JSON object of getBrandWCPayRequest's parameters");
        }
        String appId = params.getString("appId");
        String timeStamp = params.getString("timeStamp");
        String nonceStr = params.getString("nonceStr");
        String pkg = params.getString("package");
        String signType = params.getString("signType");
        String paySign = params.getString("paySign");
        if (appId == null || timeStamp == null || nonceStr == null || pkg == null || paySign == null) {
            return fail("appId, timeStamp, nonceStr, package, signType and paySign are required");
        }
        if (!appId.equals(kit.appId())) {
            return fail("appId " + appId + " is not the simulated official account's");
        }
        if (!"RSA".equals(signType)) {
            return fail("signType must be RSA for APIv3 prepay_ids");
        }
        if (!timeStamp.matches("\\d{1,12}")) {
            return fail("timeStamp must be the seconds since the epoch, as a string");
        }
        if (!pkg.startsWith("prepay_id=")) {
            return fail("package must be prepay_id=<the prepay_id of the JSAPI prepay>");
        }
        String message = appId + "\n" + timeStamp + "\n" + nonceStr + "\n" + pkg + "\n";
        if (!Signatures.verify(merchantPublicKey, message, paySign)) {
            return fail(
                    "支付验证签名失败 paySign does not verify with the merchant's key over appId\\ntimeStamp\\nnonceStr\\npackage\\n");
        }
        Optional<Orders.Order> found = orders.findByJsapiPrepayId(pkg.substring("prepay_id=".length()));
        if (found.isEmpty()) {
            return fail("prepay_id is not one a JSAPI prepay answered");
        }
        Orders.Order order = found.get();
        String outTradeNo;
        synchronized (order) {
            if (!"JSAPI".equals(order.tradeType)) {
                return fail("the order was prepaid again as " + order.tradeType + ", not JSAPI");
            }
            if (order.prepaidAt != null && Orders.now().isAfter(order.prepaidAt.plus(PREPAY_ID_LIFETIME))) {
                return fail("prepay_id expired: it is valid for 2 hours");
            }
            if (!openId.equals(order.jsapiOpenid)) {
                return fail("the order's payer.openid " + order.jsapiOpenid + " is not the WeChat user paying ("
                        + openId + ")");
            }
            outTradeNo = order.outTradeNo;
        }
        try {
            simulator.pay(outTradeNo);
        } catch (IllegalStateException refused) {
            return fail(refused.getMessage());
        }
        return JSONObject.of("err_msg", OK);
    }

    private static JSONObject fail(String detail) {
        return JSONObject.of("err_msg", FAIL, "detail", detail);
    }

    private static Response json(JSONObject body) {
        return Response.of(200, "application/json; charset=utf-8", body.toJSONString());
    }

    private static Response cors(Response response) {
        response.headers().put("Access-Control-Allow-Origin", "*");
        return response;
    }

    /** The stand-in WeixinJSBridge, posting to this simulator's absolute {@code /sim/jsapi/pay}. */
    String script() {
        String endpoint = JSON.toJSONString(simulator.baseUrl() + PAY);
        return """
                // WeChat Pay SIMULATOR — no money moves. A stand-in for the WeixinJSBridge that WeChat's own
                // browser defines: tests inject this script into the app's page (they play WeChat's browser).
                // invoke('getBrandWCPayRequest', params, callback) posts params to the simulator, which checks
                // paySign and pays the order; callback gets {err_msg: 'get_brand_wcpay_request:ok'} or ':fail'.
                (function () {
                  'use strict';
                  var endpoint = %s;
                  function later(callback, answer) {
                    if (typeof callback === 'function') {
                      setTimeout(function () { callback(answer); }, 0);
                    }
                  }
                  window.WeixinJSBridge = {
                    simulated: true,
                    invoke: function (name, params, callback) {
                      if (name !== 'getBrandWCPayRequest') {
                        later(callback, { err_msg: name + ':fail' });
                        return;
                      }
                      params = params || {};
                      var body = JSON.stringify({
                        appId: params.appId,
                        timeStamp: params.timeStamp,
                        nonceStr: params.nonceStr,
                        'package': params['package'],
                        signType: params.signType,
                        paySign: params.paySign
                      });
                      fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body })
                        .then(function (response) { return response.json(); })
                        .then(function (answer) { later(callback, answer); },
                              function () { later(callback, { err_msg: 'get_brand_wcpay_request:fail' }); });
                    },
                    on: function () {},
                    call: function () {}
                  };
                  document.dispatchEvent(new Event('WeixinJSBridgeReady'));
                })();
                """.formatted(endpoint);
    }
}

package com.courtrush.paysim;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar wechatpay-sim-exec.jar [--port 8091] [--kit ./wechatpay-sim-kit]}: runs the WeChat Pay
 * simulator until interrupted and prints what a gym would enter in the console. No money moves.
 */
public final class WechatPaySimulatorMain {

    private WechatPaySimulatorMain() {}

    public static void main(String[] args) throws InterruptedException {
        int port = WechatPaySimulator.DEFAULT_PORT;
        Path kitDir = Path.of("wechatpay-sim-kit");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value = null;
            if (arg.contains("=")) {
                value = arg.substring(arg.indexOf('=') + 1);
                arg = arg.substring(0, arg.indexOf('='));
            } else if ((arg.equals("--port") || arg.equals("--kit")) && i + 1 < args.length) {
                value = args[++i];
            }
            switch (arg) {
                case "--port" -> port = Integer.parseInt(value);
                case "--kit" -> kitDir = Path.of(value);
                case "-h", "--help" -> {
                    System.out.println(
                            "usage: java -jar wechatpay-sim-exec.jar [--port 8091] [--kit ./wechatpay-sim-kit]");
                    return;
                }
                default -> {
                    System.err.println("unknown argument: " + args[i]
                            + "\nusage: java -jar wechatpay-sim-exec.jar [--port 8091] [--kit ./wechatpay-sim-kit]");
                    System.exit(2);
                }
            }
        }
        WechatPaySimulator simulator = WechatPaySimulator.start(port, kitDir);
        Kit kit = simulator.kit();
        System.out.println("""
                ================================================================
                  WeChat Pay SIMULATOR — no money moves / 微信支付模拟器 — 不会扣款
                ================================================================
                  Base URL (replaces https://api.mch.weixin.qq.com): %s
                  Kit directory: %s

                  For the console (payment settings):
                    Merchant id (mchid):            %s
                    Merchant certificate serial:    %s
                    Merchant private key file:      %s
                    APIv3 key:                      %s
                    WeChat Pay public key id:       %s
                    WeChat Pay public key file:     %s
                    App id:                         %s
                    Merchant name:                  %s
                    Official account AppSecret (JSAPI): %s

                  JSAPI (paying inside WeChat): replace https://open.weixin.qq.com and
                  https://api.weixin.qq.com with the base URL too (OAuth2 snsapi_base, paths kept).
                    The simulated WeChat user's openid: %s
                    Stand-in WeixinJSBridge for tests:  %s/sim/weixin-js-bridge.js

                  Controls (loopback only): %s/sim/orders/{out_trade_no}, %s/sim/notifications
                  Health: %s/healthz      Stop: Ctrl+C
                """.formatted(
                        simulator.baseUrl(),
                        kitDir.toAbsolutePath().normalize(),
                        kit.mchid(),
                        kit.merchantSerialNumber(),
                        kit.privateKeyPath(),
                        kit.apiV3Key(),
                        kit.publicKeyId(),
                        kit.publicKeyPath(),
                        kit.appId(),
                        kit.merchantName(),
                        kit.appSecret(),
                        simulator.openId(),
                        simulator.baseUrl(),
                        simulator.baseUrl(),
                        simulator.baseUrl(),
                        simulator.baseUrl()));
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            simulator.close();
            stop.countDown();
        }));
        stop.await();
    }
}

package com.courtrush.paysim;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSONObject;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The order rules under concurrency: refunds racing for one order never sum above its total. */
class OrdersTest {

    @Test
    void racingRefundsNeverExceedTheTotal() throws Exception {
        Kit kit = new Kit(
                "1900000109",
                "A".repeat(40),
                Path.of("k"),
                "k".repeat(32),
                "wx0123456789abcdef",
                "PUB_KEY_ID_1",
                Path.of("p"),
                "Gym",
                "",
                "",
                "0123456789abcdef0123456789abcdef");
        Orders orders = new Orders(kit, "oSimulatedUser000000000000000");
        JSONObject prepay = new JSONObject();
        prepay.put("appid", kit.appId());
        prepay.put("mchid", kit.mchid());
        prepay.put("description", "Court");
        prepay.put("out_trade_no", "RACE000001");
        prepay.put("notify_url", "https://merchant.example/notify");
        prepay.put("amount", JSONObject.of("total", 100));
        orders.prepay("NATIVE", kit.mchid(), prepay);
        orders.pay("RACE000001");

        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        ConcurrentLinkedQueue<String> accepted = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> refused = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 40; i++) {
            // 20 distinct refund numbers, each asked twice
            String outRefundNo = "R" + (i % 20);
            pool.execute(() -> {
                try {
                    go.await();
                    var refund = orders.refund(JSONObject.of(
                            "out_trade_no",
                            "RACE000001",
                            "out_refund_no",
                            outRefundNo,
                            "amount",
                            JSONObject.of("refund", 10, "total", 100, "currency", "CNY")));
                    if (refund.getValue()) {
                        accepted.add(outRefundNo);
                    }
                } catch (SimException e) {
                    refused.add(e.code());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        go.countDown();
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        assertThat(accepted).hasSize(10).doesNotHaveDuplicates();
        assertThat(refused).isNotEmpty().containsOnly("INVALID_REQUEST");
        assertThat(orders.refundsOf("RACE000001")).hasSize(10);
        assertThat(orders.find("RACE000001").orElseThrow().refunded()).isEqualTo(100);
    }
}

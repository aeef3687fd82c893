package com.courtrush.notice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.notice.WebhookAddresses.Refusal;
import com.courtrush.notice.WebhookAddresses.Refused;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where the staff webhook may post (issue 45): the refusals QA reproduced — Redis on loopback, a cloud's metadata
 * service, 2130706433 — each caught on the addresses the host resolves to, and what the server's setting allows.
 * Names resolve through a fake resolver: "localhost" to 127.0.0.1, a rebinding name to a public address then to
 * loopback.
 */
class WebhookAddressesTest {

    static final String PUBLIC = "93.184.216.34";

    final OwnServices own = mock(OwnServices.class);
    final Map<String, Deque<String>> names = new HashMap<>();

    WebhookAddresses allowing(String... allow) {
        return new WebhookAddresses(List.of(allow), own, host -> {
            Deque<String> answers = names.get(host);
            if (answers != null) {
                String answer = answers.size() > 1 ? answers.pop() : answers.peek();
                return new InetAddress[] {InetAddress.getByName(answer)};
            }
            if (host.contains(":") || host.matches("[0-9.]+")) {
                return InetAddress.getAllByName(host); // a literal: no lookup
            }
            throw new UnknownHostException(host);
        });
    }

    void resolves(String name, String... answers) {
        names.put(name, new ArrayDeque<>(List.of(answers)));
    }

    static Refusal refusal(WebhookAddresses addresses, String url) {
        try {
            addresses.addresses(URI.create(url));
        } catch (Refused refused) {
            return refused.refusal();
        }
        return null;
    }

    /**
     * This machine's addresses on its network cards are refused as this machine's (issue 75: its LAN address was
     * called "a loopback address"), a private one as private; in words, in both languages.
     */
    @Test
    void thisMachinesOwnAddressesAreRefusedAsThisMachinesUnlessAllowed() throws Exception {
        // its other services listen on 0.0.0.0 behind no firewall from here: a public address on a card is no way out
        List<InetAddress> mine = java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(card -> java.util.Collections.list(card.getInetAddresses()).stream())
                .filter(address -> !address.isLoopbackAddress() && !address.isLinkLocalAddress())
                .toList();
        for (InetAddress address : mine) {
            String host = address.getHostAddress().replaceAll("%.*", "");
            String url = host.contains(":") ? "http://[" + host + "]/" : "http://" + host + "/";
            Refusal refused = refusal(allowing(), url);
            assertThat(refused).as(url).isNotNull();
            if (WebhookAddresses.special(address) == null) {
                assertThat(refused)
                        .as("%s, a public address of this machine", url)
                        .isEqualTo(Refusal.THIS_MACHINE);
                if (address.getAddress().length == 4) {
                    String number = Integer.toUnsignedString(
                            java.nio.ByteBuffer.wrap(address.getAddress()).getInt());
                    assertThat(refusal(allowing(), "http://" + number + "/"))
                            .as("%s written as one number", url)
                            .isEqualTo(Refusal.THIS_MACHINE);
                }
            }
        }
        assertThat(Refusal.THIS_MACHINE.text().in(java.util.Locale.ENGLISH))
                .isEqualTo("it is an address of this machine (on one of its network cards).")
                .doesNotContain("loopback");
        assertThat(Refusal.THIS_MACHINE.text().in(java.util.Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("这是本机的地址（本机一块网卡上的地址）。")
                .doesNotContain("回环");
    }

    @Test
    void withNothingAllowedLoopbackLinkLocalPrivateAndNumericFormsAreRefused() {
        WebhookAddresses off = allowing();
        resolves("localhost", "127.0.0.1");
        assertThat(refusal(off, "http://127.0.0.1:6379/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://169.254.169.254/latest/meta-data/")).isEqualTo(Refusal.LINK_LOCAL);
        // a numeric form is never taken; refused as where it points (issue 75: 127.1 and 0x7f.1, which URI reads as
        // no host at all, were refused as "not an http or https address")
        assertThat(refusal(off, "http://2130706433:6379/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://0177.0.0.1/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://0x7f000001/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://0x7f.1/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://127.1/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://127.1:6379/x")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://012.1/")).as("10.0.0.1").isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(off, "http://0xa9fea9fe/")).as("169.254.169.254").isEqualTo(Refusal.LINK_LOCAL);
        assertThat(refusal(off, "http://0/")).isEqualTo(Refusal.ANY_LOCAL);
        assertThat(refusal(off, "http://1572395042/"))
                .as("93.184.216.34, public")
                .isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(off, "http://09.1/")).as("no address at all").isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(off, "http://1.2.3.4.5/")).isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(off, "http://256.1/")).isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(off, "http://user@127.1/")).isEqualTo(Refusal.NOT_HTTP);
        assertThat(refusal(off, "http://[::1]:8080/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://[::ffff:127.0.0.1]/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://[::ffff:a9fe:a9fe]/")).isEqualTo(Refusal.LINK_LOCAL);
        assertThat(refusal(off, "http://[64:ff9b::7f00:1]/")).as("NAT64").isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://[fe80::1]/")).isEqualTo(Refusal.LINK_LOCAL);
        assertThat(refusal(off, "http://[fd00::5]/")).isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(off, "http://localhost:6379/")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://localhost./")).isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(off, "http://0.0.0.0:8080/")).isEqualTo(Refusal.ANY_LOCAL);
        assertThat(refusal(off, "http://[::]:8080/")).isEqualTo(Refusal.ANY_LOCAL);
        assertThat(refusal(off, "http://10.1.2.3/robot")).isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(off, "http://192.168.1.10/robot")).isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(off, "http://172.20.0.1/robot")).isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(off, "http://224.0.0.1/")).isEqualTo(Refusal.MULTICAST);
        assertThat(refusal(off, "http://255.255.255.255/")).isEqualTo(Refusal.RESERVED);
        assertThat(refusal(off, "ftp://robot.example/")).isEqualTo(Refusal.NOT_HTTP);
        assertThat(refusal(off, "https://nowhere.example/")).isEqualTo(Refusal.UNRESOLVED);
    }

    @Test
    void aPublicHostIsAllowedUnlessOneOfItsAddressesIsNot() throws Exception {
        WebhookAddresses off = allowing();
        resolves("qyapi.weixin.qq.com", PUBLIC);
        assertThat(off.addresses(URI.create("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k")))
                .containsExactly(InetAddress.getByName(PUBLIC));
        names.put("two.example", new ArrayDeque<>());
        WebhookAddresses twoAnswers = new WebhookAddresses(List.of(), own, host ->
                new InetAddress[] {InetAddress.getByName(PUBLIC), InetAddress.getByName("127.0.0.1")});
        assertThat(refusal(twoAnswers, "https://two.example/")).isEqualTo(Refusal.LOOPBACK);
    }

    @Test
    void aNameThatResolvesElsewhereAtTheSendIsRefusedThen() {
        WebhookAddresses off = allowing();
        resolves("rebind.example", PUBLIC, "127.0.0.1");
        assertThat(refusal(off, "https://rebind.example/hook")).as("at save").isNull();
        assertThat(refusal(off, "https://rebind.example/hook"))
                .as("at the send")
                .isEqualTo(Refusal.LOOPBACK);
    }

    @Test
    void theSettingAllowsTheHostsItNamesAsWrittenAndTheRangesItGives() {
        resolves("localhost", "127.0.0.1");
        resolves("robot.intranet", "10.8.0.7");
        WebhookAddresses allowed = allowing("127.0.0.1", "robot.intranet", "192.168.0.0/16", "fd00::/8");
        assertThat(refusal(allowed, "http://127.0.0.1:9000/robot")).isNull();
        assertThat(refusal(allowed, "http://localhost:9000/robot"))
                .as("the name localhost is not named, though it resolves to an address that is")
                .isEqualTo(Refusal.LOOPBACK);
        assertThat(refusal(allowed, "http://2130706433:9000/robot"))
                .as("127.0.0.1 is allowed as written: the number is what is wrong")
                .isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(allowed, "http://127.1:9000/robot")).isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(allowed, "http://0xc0a80304/send"))
                .as("in 192.168.0.0/16")
                .isEqualTo(Refusal.NUMERIC_FORM);
        assertThat(refusal(allowed, "http://012.8.0.7/send"))
                .as("10.8.0.7, not allowed")
                .isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(allowed, "http://robot.intranet/send")).isNull();
        assertThat(refusal(allowed, "http://192.168.3.4/send")).isNull();
        assertThat(refusal(allowed, "http://[fd00::5]/send")).isNull();
        assertThat(refusal(allowed, "http://10.8.0.7/send"))
                .as("by address, not named")
                .isEqualTo(Refusal.PRIVATE);
        assertThat(refusal(allowed, "http://169.254.169.254/")).isEqualTo(Refusal.LINK_LOCAL);
        assertThat(refusal(allowing("0.0.0.0/0"), "http://0.0.0.0/"))
                .as("never, whatever is allowed")
                .isEqualTo(Refusal.ANY_LOCAL);
    }

    @Test
    void theEnginesOwnServicesAreRefusedEvenWhereTheirAddressIsAllowed() throws Exception {
        when(own.serves(any(), eq(6379))).thenReturn(true);
        WebhookAddresses allowed = allowing("127.0.0.1");
        assertThat(refusal(allowed, "http://127.0.0.1:6379/")).isEqualTo(Refusal.OWN_SERVICE);
        assertThat(refusal(allowed, "http://127.0.0.1:6380/")).isNull();
        assertThat(refusal(allowed, "http://127.0.0.1/")).as("no port: 80").isNull();
        when(own.serves(InetAddress.getByName("127.0.0.1"), 80)).thenReturn(true);
        assertThat(refusal(allowed, "http://127.0.0.1/")).isEqualTo(Refusal.OWN_SERVICE);
    }

    @Test
    void anAllowedRangeThatIsNoRangeStopsTheStartSayingWhy() {
        assertThatThrownBy(() -> allowing("intranet/8"))
                .hasMessageContaining("courtrush.notices.webhook-allow names 'intranet/8'");
        assertThatThrownBy(() -> allowing("10.0.0.0/33")).hasMessageContaining("10.0.0.0/33");
    }

    @Test
    void onlyThisMachinesAddressesAreItsOwn() throws Exception {
        assertThat(OwnServices.thisMachine(InetAddress.getByName("127.0.0.1"))).isTrue();
        assertThat(OwnServices.thisMachine(InetAddress.getByName("0.0.0.0"))).isTrue();
        assertThat(OwnServices.thisMachine(InetAddress.getByName(PUBLIC))).isFalse();
    }
}

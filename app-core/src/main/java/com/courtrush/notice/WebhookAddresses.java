package com.courtrush.notice;

import com.courtrush.core.EngineText;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.InfraConfigException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Where the staff webhook may post (issue 45: it was a way to scan the network — Redis on loopback, a cloud's
 * metadata service — and to read what answered): http or https to a host whose addresses are all public. Loopback,
 * link-local, private and reserved addresses, any-local, multicast and the ports of the engine's own services are
 * refused, also when written as a bare number, in hex or octal, or as an IPv6 address carrying one of them: a numeric
 * form is never taken, and the refusal says where it points when that is refused too ({@code 127.1}: this machine).
 * An address of one of this machine's network cards is refused as this machine's. The server's {@code
 * courtrush.notices.webhook-allow} may name hosts (as written in the URL) or ranges (CIDR) that are allowed although
 * private or loopback (an intranet robot); never any-local, multicast or the engine's own ports.
 *
 * <p>Checked on the addresses the host resolves to, when a manager turns the webhook on and again before every post,
 * which then connects to those checked addresses only: a name that resolves elsewhere in between (DNS rebinding)
 * reaches nothing new.
 */
@Component
class WebhookAddresses {

    /** Why the webhook may not post somewhere; each has its text, {@code channel.refusal.<NAME>}. */
    enum Refusal {
        NOT_HTTP,
        NUMERIC_FORM,
        UNRESOLVED,
        LOOPBACK,
        /** An address of one of this machine's network cards (not a loopback one): its services are behind it. */
        THIS_MACHINE,
        LINK_LOCAL,
        PRIVATE,
        ANY_LOCAL,
        MULTICAST,
        RESERVED,
        OWN_SERVICE;

        EngineText text() {
            return new EngineText("channel.refusal." + name());
        }
    }

    /** A post that may not go where it was pointed. */
    static final class Refused extends Exception {

        private final Refusal refusal;

        Refused(Refusal refusal) {
            super(refusal.name(), null, false, false);
            this.refusal = refusal;
        }

        Refusal refusal() {
            return refusal;
        }
    }

    /** Host names to addresses: the system's resolver (a fake in tests). */
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Never allowed, whatever the server's settings name. */
    private static final Set<Refusal> NEVER = EnumSet.of(Refusal.ANY_LOCAL, Refusal.MULTICAST, Refusal.RESERVED);

    /** A host meant as a number: only digits, dots and hex. */
    private static final Pattern NUMERIC = Pattern.compile("(0x[0-9a-f]*|[0-9]+)(\\.(0x[0-9a-f]*|[0-9]+))*\\.?");

    /** The one numeric form taken: four decimal parts, no leading zeros. */
    private static final Pattern DOTTED_QUAD = Pattern.compile(
            "((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])");

    private static final List<Range> SPECIAL = List.of(
            Range.of("0.0.0.0/8", Refusal.ANY_LOCAL),
            Range.of("10.0.0.0/8", Refusal.PRIVATE),
            Range.of("100.64.0.0/10", Refusal.PRIVATE),
            Range.of("127.0.0.0/8", Refusal.LOOPBACK),
            Range.of("169.254.0.0/16", Refusal.LINK_LOCAL),
            Range.of("172.16.0.0/12", Refusal.PRIVATE),
            Range.of("192.0.0.0/24", Refusal.RESERVED),
            Range.of("192.168.0.0/16", Refusal.PRIVATE),
            Range.of("198.18.0.0/15", Refusal.RESERVED),
            Range.of("224.0.0.0/4", Refusal.MULTICAST),
            Range.of("240.0.0.0/4", Refusal.RESERVED),
            Range.of("::/128", Refusal.ANY_LOCAL),
            Range.of("::1/128", Refusal.LOOPBACK),
            Range.of("fc00::/7", Refusal.PRIVATE),
            Range.of("fe80::/10", Refusal.LINK_LOCAL),
            Range.of("fec0::/10", Refusal.PRIVATE),
            Range.of("ff00::/8", Refusal.MULTICAST));

    private final Set<String> allowedHosts = new HashSet<>();
    private final List<Range> allowedRanges = new ArrayList<>();
    private final OwnServices own;
    private final Resolver resolver;

    @Autowired
    WebhookAddresses(CourtRushProperties properties, OwnServices own) {
        this(properties.notices().webhookAllow(), own, InetAddress::getAllByName);
    }

    WebhookAddresses(List<String> allow, OwnServices own, Resolver resolver) {
        this.own = own;
        this.resolver = resolver;
        for (String entry : allow) {
            String each = entry.strip().toLowerCase(Locale.ROOT);
            if (each.isEmpty()) {
                continue;
            }
            if (each.contains("/")) {
                try {
                    allowedRanges.add(Range.of(each, null));
                } catch (IllegalArgumentException e) {
                    throw new InfraConfigException(
                            "courtrush.notices.webhook-allow names '" + entry + "', which is no address range.",
                            "Write a range as an address and its prefix length, e.g. 10.0.0.0/8 or fd00::/8.");
                }
            } else {
                allowedHosts.add(bare(each));
            }
        }
    }

    /**
     * The addresses a post to {@code url} may go to: every one its host resolves to now, each checked; else why
     * none may.
     */
    List<InetAddress> addresses(URI url) throws Refused {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        String written = hostOf(url);
        if (written == null || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new Refused(Refusal.NOT_HTTP);
        }
        String host = bare(written.toLowerCase(Locale.ROOT));
        if (NUMERIC.matcher(host).matches() && !DOTTED_QUAD.matcher(host).matches()) {
            // 2130706433, 0x7f.1, 0177.0.0.1: read one way here and another by other tools; a gym writes 1.2.3.4
            throw numericForm(host);
        }
        int port = url.getPort() > 0 ? url.getPort() : scheme.equals("https") ? 443 : 80;
        InetAddress[] resolved;
        try {
            resolved = resolver.resolve(host);
        } catch (UnknownHostException | SecurityException e) {
            throw new Refused(Refusal.UNRESOLVED);
        }
        if (resolved == null || resolved.length == 0) {
            throw new Refused(Refusal.UNRESOLVED);
        }
        boolean named = allowedHosts.contains(host);
        for (InetAddress address : resolved) {
            Refusal special = pointsAt(address);
            if (special != null && NEVER.contains(special)) {
                throw new Refused(special);
            }
            if (own.serves(address, port)) {
                throw new Refused(Refusal.OWN_SERVICE);
            }
            if (special != null && !named && allowedRanges.stream().noneMatch(range -> range.contains(address))) {
                throw new Refused(special);
            }
        }
        return List.of(resolved);
    }

    /**
     * The host a URL names as written: its host, or — where {@link URI} reads none because the authority is no host
     * name it knows, such as {@code 127.1} or {@code 0x7f.1} — the authority's numeric host, which a browser or curl
     * reads as an address; null when it names no host.
     */
    static String hostOf(URI url) {
        if (url.getHost() != null) {
            return url.getHost();
        }
        String authority = url.getRawAuthority();
        if (authority == null || authority.contains("@")) {
            return null;
        }
        String host = authority.replaceFirst(":[0-9]*$", "");
        return NUMERIC.matcher(host.toLowerCase(Locale.ROOT)).matches() ? host : null;
    }

    /**
     * The refusal of a host written as a number: never taken, and said as where it points when that is refused
     * too (this machine, a private network), else — a public address, or one the server allows — as the numeric
     * form it is.
     */
    private Refused numericForm(String host) {
        byte[] bytes = numericAddress(host);
        if (bytes == null) {
            return new Refused(Refusal.NUMERIC_FORM);
        }
        InetAddress address;
        try {
            address = InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are an IPv4 address", e);
        }
        Refusal points = pointsAt(address);
        // allowed as 1.2.3.4 or in an allowed range: the numeric form is all that is wrong with it
        boolean allowedThere = points != null
                && !NEVER.contains(points)
                && (allowedHosts.contains(address.getHostAddress())
                        || allowedRanges.stream().anyMatch(range -> range.contains(address)));
        return new Refused(points == null || allowedThere ? Refusal.NUMERIC_FORM : points);
    }

    /**
     * The IPv4 address a numeric host means as inet_aton (browsers, curl) reads it: one to four parts, each decimal,
     * hex (0x) or octal (a leading 0), the last filling the bytes left; null when it means none.
     */
    static byte[] numericAddress(String host) {
        String[] parts = bare(host).split("\\.", -1);
        if (parts.length > 4) {
            return null;
        }
        long value = 0;
        for (int i = 0; i < parts.length; i++) {
            long part = numericPart(parts[i]);
            long most = i < parts.length - 1 ? 0xff : (1L << (8 * (4 - i))) - 1;
            if (part < 0 || part > most) {
                return null;
            }
            value = i < parts.length - 1 ? value | part << (8 * (3 - i)) : value | part;
        }
        return new byte[] {(byte) (value >> 24), (byte) (value >> 16), (byte) (value >> 8), (byte) value};
    }

    private static long numericPart(String part) {
        try {
            if (part.startsWith("0x")) {
                return part.length() == 2 ? 0 : part.length() > 10 ? -1 : Long.parseLong(part.substring(2), 16);
            }
            if (part.isEmpty() || part.length() > 12) {
                return -1;
            }
            return part.length() > 1 && part.startsWith("0") ? Long.parseLong(part, 8) : Long.parseLong(part);
        } catch (NumberFormatException e) {
            return -1; // 09: no octal digit, no address
        }
    }

    /** Why an address is refused unless allowed: what is special about it, or that it is this machine's; null: none. */
    private static Refusal pointsAt(InetAddress address) {
        Refusal special = special(address);
        if (special == null && OwnServices.thisMachine(address)) {
            // this machine's own address on a network card: its other services are behind no firewall from here
            return Refusal.THIS_MACHINE;
        }
        return special;
    }

    /** What is special about an address (null: a public one); an IPv6 address carrying an IPv4 one, by that one. */
    static Refusal special(InetAddress address) {
        byte[] bytes = address.getAddress();
        Refusal refusal = special(bytes);
        if (refusal == null && bytes.length == 16) {
            byte[] inner = embeddedIpv4(bytes);
            return inner == null ? null : special(inner);
        }
        return refusal;
    }

    private static Refusal special(byte[] bytes) {
        for (Range range : SPECIAL) {
            if (range.contains(bytes)) {
                return range.refusal();
            }
        }
        return null;
    }

    /** The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64, 6to4. */
    private static byte[] embeddedIpv4(byte[] v6) {
        boolean zeros80 = true;
        for (int i = 0; i < 10; i++) {
            zeros80 &= v6[i] == 0;
        }
        if (zeros80 && ((v6[10] == (byte) 0xff && v6[11] == (byte) 0xff) || (v6[10] == 0 && v6[11] == 0))) {
            return Arrays.copyOfRange(v6, 12, 16);
        }
        boolean nat64 = v6[0] == 0 && v6[1] == 0x64 && v6[2] == (byte) 0xff && v6[3] == (byte) 0x9b;
        for (int i = 4; nat64 && i < 12; i++) {
            nat64 = v6[i] == 0;
        }
        if (nat64) {
            return Arrays.copyOfRange(v6, 12, 16);
        }
        if (v6[0] == 0x20 && v6[1] == 0x02) {
            return Arrays.copyOfRange(v6, 2, 6);
        }
        return null;
    }

    /** A host as the URL writes it, without an IPv6 literal's brackets or a trailing dot. */
    private static String bare(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return bare.endsWith(".") ? bare.substring(0, bare.length() - 1) : bare;
    }

    /** An address range (CIDR), and why it is special. */
    record Range(byte[] network, int bits, Refusal refusal) {

        static Range of(String cidr, Refusal refusal) {
            int slash = cidr.indexOf('/');
            String literal = cidr.substring(0, slash);
            if (!(literal.contains(":") || DOTTED_QUAD.matcher(literal).matches())) {
                throw new IllegalArgumentException(cidr); // a literal only: no name is looked up for it
            }
            byte[] network;
            try {
                network = InetAddress.getByName(literal).getAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(cidr, e);
            }
            int bits;
            try {
                bits = Integer.parseInt(cidr.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(cidr, e);
            }
            if (bits < 0 || bits > network.length * 8) {
                throw new IllegalArgumentException(cidr);
            }
            return new Range(network, bits, refusal);
        }

        boolean contains(InetAddress address) {
            byte[] bytes = address.getAddress();
            if (bytes.length == 16 && network.length == 4) {
                byte[] inner = embeddedIpv4(bytes);
                return inner != null && contains(inner);
            }
            return contains(bytes);
        }

        boolean contains(byte[] bytes) {
            if (bytes.length != network.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >> (bit % 8);
                if ((bytes[bit / 8] & mask) != (network[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}

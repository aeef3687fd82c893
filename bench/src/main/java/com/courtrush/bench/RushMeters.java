package com.courtrush.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The meters read on both sides of the crowd: the server's (Redis round trips, consumer batches, store
 * forces, sold-out answers given locally, persist lag, GC, grants, threads, JIT), Redis's command
 * counts, the CPU of the server, Redis and the bench, the machine's load, and each node's Prometheus
 * meters. {@link #before} reads them just before the crowd; {@link Before#after} what changed during it.
 */
final class RushMeters {

    private RushMeters() {}

    record Before(
            BenchNodes server,
            ServerMetrics metrics,
            RedisStats redisStats,
            String admin,
            Map<String, Long> commands,
            long trips,
            long batches,
            long forces,
            long local,
            ServerMetrics.Timed lag,
            ServerMetrics.Timed gc,
            ServerMetrics.Timed grants,
            Duration serverCpu,
            Duration redisCpu,
            Duration clientCpu,
            MachineLoad.Sample machine,
            long threads,
            long jit,
            List<NodeMeters.Scrape> scrapes,
            List<Duration> nodeCpu) {

        /** What changed while the crowd ran ({@code run}), read as it ends. */
        During after(CrowdFire.Run run) throws IOException {
            MachineLoad.Sample machineAfter = MachineLoad.now();
            long threadsStarted = threads < 0 ? -1 : metrics.threadsStarted() - threads;
            long tripsDuring = metrics.redisRoundTrips() - trips;
            long localAnswers = metrics.soldOutLocal() - local;
            Map<String, Long> commandsDuring = RedisStats.delta(commands, redisStats.calls());
            double crowdSeconds = FlashBench.seconds((run.end() - run.start()) * 1000);
            double crowdCpu = FlashBench.seconds(server.cpu().minus(serverCpu).toNanos());
            List<NodeMeters.Scrape> scrapesAfter = scrape(server, admin);
            List<Report.Node> nodes = new ArrayList<>();
            for (int i = 0; i < server.size() && !scrapes.isEmpty(); i++) {
                nodes.add(NodeMeters.between(
                        i + 1,
                        server.addresses().get(i),
                        scrapes.get(i),
                        scrapesAfter.get(i),
                        FlashBench.seconds(server.cpu(i).minus(nodeCpu.get(i)).toNanos()),
                        FlashBench.seconds((run.end() - run.start()) * 1000),
                        server.peakRssMib(i)));
            }
            double redisCpuSeconds = redisCpu == null
                    ? -1
                    : FlashBench.seconds(
                            server.redisCpu().orElse(redisCpu).minus(redisCpu).toNanos());
            double clientCpuSeconds =
                    FlashBench.seconds(FlashBench.ownCpu().minus(clientCpu).toNanos());
            double jitSeconds = (metrics.jitCompileMs() - jit) / 1000.0;
            ServerMetrics.Timed gcDuring = metrics.gcPauses().since(gc);
            double grantServerMs = metrics.grantsAnswered().since(grants).meanMs();
            return new During(
                    machine,
                    machineAfter,
                    threadsStarted,
                    tripsDuring,
                    localAnswers,
                    commandsDuring,
                    crowdSeconds,
                    crowdCpu,
                    nodes,
                    redisCpuSeconds,
                    clientCpuSeconds,
                    jitSeconds,
                    gcDuring,
                    grantServerMs);
        }
    }

    /** The meters' changes over the crowd. */
    record During(
            MachineLoad.Sample machineBefore,
            MachineLoad.Sample machineAfter,
            long threadsStarted,
            long trips,
            long localAnswers,
            Map<String, Long> commands,
            double crowdSeconds,
            double crowdCpu,
            List<Report.Node> nodes,
            double redisCpuSeconds,
            double clientCpuSeconds,
            double jitSeconds,
            ServerMetrics.Timed gc,
            double grantServerMs) {}

    /** The meters now, just before the crowd. */
    static Before before(BenchNodes server, ServerMetrics metrics, RedisStats redisStats, String admin)
            throws IOException {
        Map<String, Long> commands = redisStats.calls();
        long trips = metrics.redisRoundTrips();
        long batches = metrics.consumerBatches();
        long forces = metrics.storeLogForces();
        long local = metrics.soldOutLocal();
        ServerMetrics.Timed lag = metrics.persistLag();
        ServerMetrics.Timed gc = metrics.gcPauses();
        ServerMetrics.Timed grants = metrics.grantsAnswered();
        Duration serverCpu = server.cpu();
        Duration redisCpu = server.redisCpu().orElse(null);
        Duration clientCpu = FlashBench.ownCpu();
        MachineLoad.Sample machine = MachineLoad.now();
        long threads = metrics.threadsStarted();
        long jit = metrics.jitCompileMs();
        List<NodeMeters.Scrape> scrapes = scrape(server, admin);
        List<Duration> nodeCpu = new ArrayList<>();
        for (int i = 0; i < server.size(); i++) {
            nodeCpu.add(server.cpu(i));
        }
        return new Before(
                server,
                metrics,
                redisStats,
                admin,
                commands,
                trips,
                batches,
                forces,
                local,
                lag,
                gc,
                grants,
                serverCpu,
                redisCpu,
                clientCpu,
                machine,
                threads,
                jit,
                scrapes,
                nodeCpu);
    }

    /**
     * Each node's Prometheus meters now, when there are several nodes (one node's figures are the run's).
     */
    static List<NodeMeters.Scrape> scrape(BenchNodes server, String admin) throws IOException {
        if (server.size() == 1) {
            // one node's figures are the run's: nothing to read (and an engine whose endpoint fails after a
            // restart, as one from before 4390436 does, is still measured)
            return List.of();
        }
        List<NodeMeters.Scrape> scrapes = new ArrayList<>();
        for (BenchHttp node : server.direct()) {
            Optional<NodeMeters.Scrape> scrape = NodeMeters.scrape(node, admin);
            scrapes.add(scrape.orElseThrow(() -> new BenchException(
                    "A node has no /actuator/prometheus: several nodes are measured by their own meters")));
        }
        return scrapes;
    }
}

package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** How busy the machine was: /proc's ticks turned into cores, and what is left for other processes. */
class MachineLoadTest {

    @Test
    void theCpuLineGivesItsTicksInOrder() {
        long[] ticks = MachineLoad.parseTicks("cpu  1000 20 300 9000 40 5 6 70 0 0");

        assertThat(ticks).startsWith(1000, 20, 300, 9000, 40, 5, 6, 70);
    }

    @Test
    void onlyTheServicesProcessesAreCountedAsServices() {
        String rabbit = "2940 (beam.smp) S 1 2939 2939 0 -1 4194560 30000 0 0 0 500 250 0 0 20 0 80 0 3000 "
                + "2236020000 30000 18446744073709551615";
        String embeddedRedis = "23680 (redis-server-6.) R 23649 1 1 0 -1 4194560 100 0 0 0 400 100 0 0 20 0 5 0";
        String withSpace = "4242 (my prog) S 1 4242 4242 0 -1 0 0 0 0 0 900 900 0 0 20 0 1 0";

        assertThat(MachineLoad.ticksIfService(rabbit)).isEqualTo(750);
        assertThat(MachineLoad.ticksIfService(embeddedRedis)).isZero();
        assertThat(MachineLoad.ticksIfService(withSpace)).isZero();
    }

    @Test
    void whatTheRunDidNotUseIsOtherProcessesAndTooMuchOfItIsNoisy() {
        MachineLoad.Sample from = new MachineLoad.Sample(10_000, 50, 1_000, 0);
        // 10 s later: 1,800 ticks busy = 1.8 cores, steal 0.02 cores, services 0.3 cores
        MachineLoad.Sample to = new MachineLoad.Sample(11_800, 70, 1_300, 10_000_000_000L);

        Report.MachineUse quiet = MachineLoad.between(from, to, 14.5, true);
        assertThat(quiet.busyCores()).isCloseTo(1.8, within(1e-9));
        assertThat(quiet.serviceCores()).isCloseTo(0.3, within(1e-9));
        assertThat(quiet.otherCores()).isCloseTo(0.05, within(1e-9));
        assertThat(quiet.stealCores()).isCloseTo(0.02, within(1e-9));
        assertThat(quiet.noisy()).isFalse();

        Report.MachineUse busy = MachineLoad.between(from, to, 10.0, true);
        assertThat(busy.otherCores()).isCloseTo(0.5, within(1e-9));
        assertThat(busy.noisy()).isTrue();

        // embedded: the services' processes are idle bystanders, not part of the run
        Report.MachineUse embedded = MachineLoad.between(from, to, 14.5, false);
        assertThat(embedded.serviceCores()).isZero();
        assertThat(embedded.otherCores()).isCloseTo(0.35, within(1e-9));
    }
}

package com.courtrush.infra.config;

import com.courtrush.infra.config.api.SettingProblem;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Every {@code courtrush.*} setting, with its default. Connection settings for external mode use
 * the standard Spring Boot names ({@code spring.datasource.*}, {@code spring.data.redis.*},
 * {@code spring.rabbitmq.*}).
 */
@Validated
@ConfigurationProperties("courtrush")
public record CourtRushProperties(
        @NotNull @DefaultValue("Asia/Shanghai") ZoneId zone,
        @NotNull Path dataDir,
        String adminToken,
        @Valid @DefaultValue Infra infra,
        @Valid @DefaultValue Auth auth,
        @Valid @DefaultValue Reserve reserve,
        @Valid @DefaultValue Limits limits,
        @Valid @DefaultValue Notices notices,
        @Valid @DefaultValue Pay pay,
        @Valid @DefaultValue History history,
        /* the address students use when nodes sit behind a balancer or a name (docs/deployment.md); blank: this
        machine's network addresses */
        String publicUrl,
        /* the gym's name as its receipts and shift reports print it */
        @NotNull @DefaultValue("CourtRush") String gymName) {

    /** Shorter admin tokens can be guessed; a generated one has 32 characters. */
    public static final int ADMIN_TOKEN_MIN_LENGTH = SettingProblem.TOKEN_MIN_LENGTH;

    /** Live WeChat Pay (SPEC §19). The merchant's id and keys are a manager's, set in the console or staff API. */
    public record Pay(
            /* where the merchant's private key and APIv3 key are kept, 0600; blank: <data-dir>/wechatpay. Nodes that
            share one database each need them (docs/payments.md) */
            Path wechatKeyDir,
            /* demos and tests only: WeChat Pay's API is asked at this simulator (wechatpay-sim) instead of
            api.mch.weixin.qq.com; never set in production */
            java.net.URI wechatSimulatorUrl) {}

    /** Where the infrastructure comes from. */
    public record Infra(
            @NotNull @DefaultValue("embedded") InfraMode mode,
            /* a Redisson YAML file (single, sentinel or cluster); overrides spring.data.redis.* */
            Path redisConfigFile,
            /* loopback port of the embedded redis-server; 0 = any free port */
            @Min(0) @Max(65535) @DefaultValue("0") int embeddedRedisPort,
            /* password the embedded redis-server requires; blank = a new random one at every start */
            String embeddedRedisPassword,
            /* how long a Redis command (or a connection attempt) may take before the caller is told 503;
            not retried: an unreachable or frozen Redis is answered within about this long */
            @NotNull @DefaultValue("1s") Duration redisTimeout,
            /* external mode: reserve.queue and reserve.dlq as quorum queues, replicated over a RabbitMQ cluster
            (docs/deployment.md); the embedded broker keeps classic queues */
            @DefaultValue("false") boolean quorumQueues) {}

    /** Student tokens and password hashing. */
    public record Auth(
            /* HMAC secret for student tokens; when blank, generated once and kept in app_config */
            String tokenSecret,
            @NotNull @DefaultValue("12h") Duration tokenTtl,
            @Min(4) @Max(16) @DefaultValue("10") int bcryptStrength,
            /* failed sign-ins of one student id allowed in the window before each next one waits longer */
            @Min(1) @DefaultValue("5") int failuresPerStudent,
            /* failed sign-ins from one address allowed in the window: high, a campus NAT is one address */
            @Min(1) @DefaultValue("300") int failuresPerAddress,

            @NotNull @DurationMin(seconds = 1) @DefaultValue("15m")
            Duration failureWindow,
            /* the longest a throttled sign-in waits */
            @NotNull @DurationMin(seconds = 1) @DefaultValue("15m")
            Duration longestWait,
            /* threads that hash passwords (sign-in, password change): the request threads never do */
            @Min(1) @Max(64) @DefaultValue("2") int hashingThreads,
            /* sign-ins waiting for a hashing thread before more are refused with 503 */
            @Min(1) @DefaultValue("500") int hashingQueue,
            /* threads that check passwords at the campus directory (LDAP bind): each sign-in waits on the network
            and costs the engine ~25 ms of CPU (docs/performance.md) */
            @Min(1) @Max(64) @DefaultValue("4") int directoryThreads,
            /* LDAP sign-ins waiting for a directory thread before more are refused with 503: a storm's worth,
            as for hashing */
            @Min(1) @DefaultValue("500") int directoryQueue,
            /* sign-ins wait from 1 s before an opening's flash time to this long after it, leaving the cores to
            the rush (0 = they do not) */
            @NotNull @DefaultValue("10s") Duration signInHold) {}

    /** The reserve engine's slow path and its safety nets. */
    public record Reserve(
            /* consumers of reserve.queue on this node: four take the rush's grants from two-core nodes sooner than two
            (decision 28), each recording what the broker has handed it as one transaction */
            @Min(1) @Max(64) @DefaultValue("4") int consumerConcurrency,
            @Min(1) @Max(1000) @DefaultValue("50") int consumerPrefetch,
            @Min(1) @Max(10) @DefaultValue("3") int consumerMaxAttempts,
            @NotNull @DefaultValue("200ms") Duration consumerBackoff,
            @NotNull @DefaultValue("3s") Duration confirmTimeout,
            /* how long a request thread waits for a winner's confirm before the confirm's thread answers */
            @NotNull @DefaultValue("0ms") Duration confirmWait,
            @NotNull @DefaultValue("5m") Duration pendingTtl,
            @NotNull @DefaultValue("60s") Duration reconcileHorizon,
            @NotNull @DefaultValue("10s") Duration reconcileInterval,
            @NotNull @DefaultValue("1s") Duration openingCheckInterval,
            @NotNull @DefaultValue("1s") Duration soldOutRecheck,
            @NotNull @DefaultValue("500ms") Duration stockSnapshotTtl,
            @NotNull @DefaultValue("1m") Duration paymentTimeoutCheckInterval,
            /* a reserve decision Redis has not answered this long after it arrived is answered 503
            (a promise of docs/deployment.md: within a second); one not sent by then is dropped, one
            Redis runs later has its place given back at once */
            @NotNull @DefaultValue("800ms") Duration decisionDeadline,
            /* the node rehearses its rush once after it starts, away from any opening's flash time, and reads the
            students' token states before each opening (decision 28); off, its first crowd meets it cold */
            @DefaultValue("true") boolean rehearse,
            /* the machine counts as busy above this one-minute load average per core: the rehearsal waits for it to
            fall (up to ten minutes, then it is skipped) and a rehearsal under way stops after its round (issue 70) */
            @DefaultValue("4") @Positive double rehearseBelowLoad) {}

    /** Load shedding and the per-student limit. */
    public record Limits(
            @Min(0) @DefaultValue("5") int perStudentPerMinute,
            @Min(1) @DefaultValue("20000") int nodePerSecond,
            @DefaultValue("false") boolean perIpEnabled,
            @Min(1) @DefaultValue("100") int perIpPerSecond) {}

    /**
     * The notices' outboxes (SPEC §17): how long a node holds a delivery it is sending before another node may
     * send it again (a node killed mid-send leaves it this long), how long a delivery is tried before it is given
     * up, and where the staff webhook may post beyond the public internet.
     */
    public record Notices(
            @NotNull @DurationMin(seconds = 1) @DefaultValue("2m")
            Duration sendLease,
            /* a notice's email or a staff alert that cannot be delivered is tried again, less and less often (at
            most every 15 min), this long from its first try; then it is given up, staff are told how many, and
            they may send them again */
            @NotNull @DurationMin(minutes = 1) @DefaultValue("3d")
            Duration retryFor,
            /* the staff webhook posts only to public addresses; these hosts (as written in its URL) and address
            ranges (CIDR, e.g. 10.0.0.0/8) are allowed although they are private, loopback or link-local (an
            intranet robot); empty: none */
            @NotNull @DefaultValue List<String> webhookAllow,
            /* the name students' emails come from ("CourtRush 羽毛球馆" <address>); blank: courtrush.gym-name */
            String fromName) {}

    /**
     * History kept on purpose (SPEC §20): how often the history past its retention (the settings NOTICE_DAYS,
     * AUDIT_DAYS, ... staff set) is swept, and where the audit's removed entries are archived.
     */
    public record History(
            @NotNull @DurationMin(minutes = 1) @DefaultValue("1h")
            Duration sweepEvery,
            /* the audit's dated archive files; blank: <data-dir>/archive. Several nodes: a folder they share, or
            each node's archive holds what its sweeps removed */
            Path archiveDir) {

        /** Where the archive files go, in {@code dataDir} unless set. */
        public Path archiveDirIn(Path dataDir) {
            return archiveDir != null && !archiveDir.toString().isBlank() ? archiveDir : dataDir.resolve("archive");
        }
    }

    public boolean embedded() {
        return infra.mode() == InfraMode.EMBEDDED;
    }
}

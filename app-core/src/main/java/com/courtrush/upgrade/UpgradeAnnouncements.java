package com.courtrush.upgrade;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import com.courtrush.core.WallTimes;
import com.courtrush.infra.config.NodeName;
import com.courtrush.infra.lifecycle.Maintenance;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.upgrade.api.UpgradeAnnouncement;
import com.courtrush.upgrade.api.UpgradeWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * A single node's upgrade, announced (SPEC §23): a manager says the node is about to be stopped and upgraded, and for
 * how many minutes. Refused when that time meets an opening's warm-up or rush ({@link OpeningService#rushMeeting}),
 * with when it could be instead. Announced, the node answers every request for the engine 503 "maintenance, back at
 * …" ({@code MaintenanceAnswers}) until it is stopped, the announcement is called off, or its time is up; the page
 * keeps saying so while the node is down. The audit names who announced it.
 */
@Service
public class UpgradeAnnouncements {

    private static final Logger log = LoggerFactory.getLogger(UpgradeAnnouncements.class);
    /** The audit's target id holds at most this. */
    private static final int TARGET_ID = 64;

    private final Maintenance maintenance;
    private final OpeningService openings;
    private final AuditTrail audit;
    private final NodeName node;
    private final Clock clock;

    public UpgradeAnnouncements(
            Maintenance maintenance, OpeningService openings, AuditTrail audit, NodeName node, Clock clock) {
        this.maintenance = maintenance;
        this.openings = openings;
        this.audit = audit;
        this.node = node;
        this.clock = clock;
    }

    /** The upgrade announced on this node, if one is and its time is not up. */
    public Optional<UpgradeWindow> announced() {
        return maintenance
                .now()
                .filter(window -> window.kind() == Maintenance.Kind.UPGRADE)
                .map(this::window);
    }

    /**
     * Announces an upgrade of this node from now, for the minutes asked: 400 outside 1 to 240 minutes; 409 when that
     * time meets an opening's warm-up or rush (the message and {@code data} say which opening, and from when to when
     * it is kept quiet), or while the node compacts its database. Announced again, the new time stands.
     */
    public UpgradeWindow announce(Caller manager, UpgradeAnnouncement announcement) {
        String actor = manager.actor();
        int minutes = announcement.minutesOrDefault();
        if (minutes < 1 || minutes > UpgradeAnnouncement.MOST_MINUTES) {
            throw CourtRushException.badRequest("upgrade.minutes", UpgradeAnnouncement.MOST_MINUTES);
        }
        LocalDateTime now = LocalDateTime.now(clock);
        Optional<ReserveSession> rush = openings.warmUpOrRushMeeting(now, now.plusMinutes(minutes));
        if (rush.isPresent()) {
            ReserveSession opening = rush.get();
            LocalDateTime quietFrom = OpeningService.rushBegins(opening);
            LocalDateTime quietUntil = opening.getFlashTime().plus(OpeningService.QUIET_AFTER);
            throw CourtRushException.conflict(
                            "upgrade.rushNear",
                            opening.getId(),
                            WallTimes.onDay(opening.getFlashTime(), now.toLocalDate()),
                            WallTimes.onDay(quietFrom, now.toLocalDate()),
                            WallTimes.onDay(quietUntil, now.toLocalDate()),
                            minutes)
                    .withData(Map.of("sessionId", opening.getId(), "quietFrom", quietFrom, "quietUntil", quietUntil));
        }
        // announced again: the new time stands
        if (!maintenance.beginOrRenew(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(minutes))) {
            throw CourtRushException.conflict("upgrade.busy");
        }
        UpgradeWindow window = announced().orElseThrow();
        audit.record(
                actor,
                AuditAction.UPGRADE_ANNOUNCED,
                AuditTarget.NODE,
                nodeId(),
                new EngineText("audit.upgradeAnnounced", minutes, EngineMessages.wallTime(window.until())));
        log.warn(
                "An upgrade of node {} was announced by {}: requests are answered \"maintenance, back at {}\" until it "
                        + "stops, the announcement is called off, or then",
                node,
                actor,
                EngineMessages.wallTime(window.until()));
        return window;
    }

    /** Calls off the upgrade announced on this node, if one is: the window it ended; the node serves again at once. */
    public Optional<UpgradeWindow> callOff(Caller manager) {
        String actor = manager.actor();
        Optional<UpgradeWindow> ended =
                maintenance.end(Maintenance.Kind.UPGRADE).map(this::window);
        ended.ifPresent(window -> {
            audit.record(actor, AuditAction.UPGRADE_CALLED_OFF, AuditTarget.NODE, nodeId());
            log.info("The upgrade announced on node {} was called off by {}: it serves again", node, actor);
        });
        return ended;
    }

    private UpgradeWindow window(Maintenance.Window window) {
        return new UpgradeWindow(
                node.toString(), maintenance.wallTime(window.since()), maintenance.wallTime(window.until()));
    }

    private String nodeId() {
        String name = node.toString();
        return name.length() <= TARGET_ID ? name : name.substring(0, TARGET_ID);
    }
}

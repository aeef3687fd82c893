package com.courtrush.upgrade;

import com.courtrush.account.api.Caller;
import com.courtrush.upgrade.api.UpgradeAnnouncement;
import com.courtrush.upgrade.api.UpgradeWindow;
import com.courtrush.upgrade.desk.UpgradeDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(
        name = "Admin: maintenance",
        description = "A single node's upgrade announced before it is stopped: the students told \"maintenance, back "
                + "at …\" (answered by this node even while it is in maintenance)")
@RestController
@RequestMapping("/admin/maintenance")
class AdminMaintenanceController {

    private final UpgradeDesk upgrades;

    AdminMaintenanceController(UpgradeDesk upgrades) {
        this.upgrades = upgrades;
    }

    @Operation(summary = "The upgrade announced on this node (null when none): its node, since and until")
    @GetMapping("/upgrade")
    ApiResponse<UpgradeWindow> announced() {
        return ApiResponse.ok(upgrades.announced().orElse(null));
    }

    @Operation(
            summary = "Announce an upgrade of this node (managers), {\"minutes\": 1 to 240, 30 when left out}: from "
                    + "now every request for the engine on this node is answered 503 with data {maintenance: "
                    + "UPGRADE, until}, and the students' page says \"maintenance, back at …\" until the node is "
                    + "stopped, the upgrade called off, or the time is up. 409 when that time meets an opening's "
                    + "warm-up or rush (data: sessionId, quietFrom, quietUntil) or while the node compacts its "
                    + "database")
    @PostMapping("/upgrade")
    ApiResponse<UpgradeWindow> announce(
            @AuthenticationPrincipal Caller caller, @RequestBody(required = false) UpgradeAnnouncement announcement) {
        return ApiResponse.ok(
                upgrades.announce(caller, announcement == null ? new UpgradeAnnouncement(null) : announcement));
    }

    @Operation(
            summary = "Call off the upgrade announced on this node (managers): it serves again at once; the "
                    + "window ended, or null when none was announced")
    @DeleteMapping("/upgrade")
    ApiResponse<UpgradeWindow> callOff(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(upgrades.callOff(caller).orElse(null));
    }
}

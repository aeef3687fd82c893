package com.courtrush.upgrade.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.upgrade.UpgradeAnnouncements;
import com.courtrush.upgrade.api.UpgradeAnnouncement;
import com.courtrush.upgrade.api.UpgradeWindow;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * What staff do before a single node is upgraded (SPEC §23): see whether an upgrade is announced on it, and —
 * managers — announce one (refused near an opening's warm-up or rush) or call it off.
 */
@Component
public class UpgradeDesk {

    private final UpgradeAnnouncements announcements;

    public UpgradeDesk(UpgradeAnnouncements announcements) {
        this.announcements = announcements;
    }

    /** The upgrade announced on this node, if any. */
    public Optional<UpgradeWindow> announced() {
        return announcements.announced();
    }

    /** Announces an upgrade of this node for the minutes asked; the students are told "maintenance, back at …". */
    @ManagerOnly
    public UpgradeWindow announce(Caller manager, UpgradeAnnouncement announcement) {
        return announcements.announce(manager, announcement);
    }

    /** Calls off the upgrade announced on this node: the window it ended, or empty when none was. */
    @ManagerOnly
    public Optional<UpgradeWindow> callOff(Caller manager) {
        return announcements.callOff(manager);
    }
}

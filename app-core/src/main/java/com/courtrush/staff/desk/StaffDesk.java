package com.courtrush.staff.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.staff.SlotWithdrawal;
import com.courtrush.staff.StaffSettings;
import com.courtrush.staff.api.StaffSettingsView;
import com.courtrush.staff.api.WithdrawalImpact;
import com.courtrush.venue.DeskVenues;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP under staff rules: withdraw a slot (with what it would cancel), change
 * the live settings.
 */
@Component
public class StaffDesk {

    private final SlotWithdrawal withdrawal;
    private final StaffSettings settings;
    private final DeskVenues desks;

    public StaffDesk(SlotWithdrawal withdrawal, StaffSettings settings, DeskVenues desks) {
        this.withdrawal = withdrawal;
        this.settings = settings;
        this.desks = desks;
    }

    /** The live settings and the start-up ones, with what each is now; see {@link StaffSettings#read}. */
    public StaffSettingsView settings() {
        return settings.read();
    }

    /** What withdrawing the slot would do. */
    public WithdrawalImpact impact(long slotId) {
        return withdrawal.impact(slotId);
    }

    /** See {@link SlotWithdrawal#withdraw}. */
    public WithdrawalImpact withdraw(long slotId, String reason, Caller staff) {
        desks.requireSlot(staff, slotId); // never another venue's bookings (SPEC §21)
        return withdrawal.withdraw(slotId, reason, staff);
    }

    /**
     * Changes the given settings (others stay; a blank start-up value means its default). Refused
     * (400, each wrong key with its problem) before anything is saved. {@code withAdminToken}: whether
     * the admin token may be among them (the console; never the API).
     */
    @ManagerOnly
    public StaffSettingsView update(Map<String, String> values, boolean withAdminToken, Caller by) {
        return settings.update(values, withAdminToken, by);
    }
}

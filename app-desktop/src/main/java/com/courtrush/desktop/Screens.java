package com.courtrush.desktop;

import com.courtrush.desktop.audit.AuditScreen;
import com.courtrush.desktop.board.BoardScreen;
import com.courtrush.desktop.checkin.CheckInScreen;
import com.courtrush.desktop.courts.CourtsScreen;
import com.courtrush.desktop.openings.OpeningsScreen;
import com.courtrush.desktop.queues.QueuesScreen;
import com.courtrush.desktop.reports.ReportsScreen;
import com.courtrush.desktop.reservations.ReservationsScreen;
import com.courtrush.desktop.rules.RulesScreen;
import com.courtrush.desktop.rush.LiveRushScreen;
import com.courtrush.desktop.settings.SettingsScreen;
import com.courtrush.desktop.shell.ConsoleName;
import com.courtrush.desktop.staff.StaffScreen;
import com.courtrush.desktop.students.StudentsScreen;
import com.courtrush.desktop.till.ReconciliationScreen;
import com.courtrush.desktop.till.TillScreen;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.venues.VenuesScreen;
import java.util.ArrayList;
import java.util.List;

/**
 * Every screen of the console, in the navigation's order: the one place a screen is added. The
 * window ({@code shell.MainWindow}) shows what it is given and knows no screen by name.
 */
final class Screens {

    private Screens() {}

    /** The screens for whoever is signed in: managers also manage staff accounts and settings. */
    static List<Screen> of(ConsoleContext context) {
        List<Screen> screens = new ArrayList<>(List.of(
                // the desk's day starts at the board (issue 52): shown first after sign-in
                new BoardScreen(context),
                new CourtsScreen(context),
                new VenuesScreen(context),
                new OpeningsScreen(context),
                new RulesScreen(context),
                new LiveRushScreen(context),
                new QueuesScreen(context),
                new CheckInScreen(context),
                new TillScreen(context, ConsoleName.here()),
                new ReservationsScreen(context),
                new ReportsScreen(context),
                new StudentsScreen(context),
                new AuditScreen(context)));
        if (context.staff().isManager()) {
            // the engine refuses anyone else anyway
            screens.add(new StaffScreen(context));
            screens.add(new ReconciliationScreen(context));
            screens.add(new SettingsScreen(context));
        }
        return List.copyOf(screens);
    }
}

package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.ComboBox;

/**
 * Which venue's desk a screen shows (SPEC §21): every venue the staff member works first, then each of them — a
 * manager switches between all the centre's venues; a desk worker of one venue has nothing to pick, and the picker is
 * not shown.
 */
public final class VenuePicker {

    private VenuePicker() {}

    /** A venue to pick, or every venue of the desk ({@code venueId} null). */
    public record Choice(Long venueId, String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The picker, which sets {@code venue} (null: every venue of the desk) as staff pick. */
    public static ComboBox<Choice> of(ConsoleContext context, ObjectProperty<Long> venue, String id) {
        I18n i18n = context.i18n();
        VenueDesk venues = context.desks().venues();
        ComboBox<Choice> box = new ComboBox<>();
        box.setId(id);
        box.setVisible(false);
        box.managedProperty().bind(box.visibleProperty());
        context.tasks()
                .run(
                        i18n.t("venues.load"),
                        () -> {
                            DeskScope scope = venues.deskScope(context.staff());
                            return choices(
                                    i18n.t("venues.allMine"),
                                    venues.list().stream()
                                            .filter(each -> scope.covers(each.id()))
                                            .toList(),
                                    i18n);
                        },
                        choices -> {
                            box.getItems().setAll(choices);
                            box.setValue(choices.get(0));
                            box.setVisible(choices.size() > 2);
                        });
        box.valueProperty().addListener((obs, old, picked) -> venue.set(picked == null ? null : picked.venueId()));
        return box;
    }

    /** {@code every} (no venue in particular) first, then each open venue, named in the console's language. */
    public static List<Choice> choices(String every, List<VenueView> venues, I18n i18n) {
        List<Choice> choices = new ArrayList<>();
        choices.add(new Choice(null, every));
        for (VenueView venue : venues) {
            if (venue.active()) {
                choices.add(new Choice(venue.id(), i18n.either(venue.nameZh(), venue.nameEn())));
            }
        }
        return choices;
    }
}

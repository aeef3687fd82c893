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

    private final ConsoleContext context;
    private final ComboBox<Choice> box = new ComboBox<>();

    /** A venue to pick, or every venue of the desk ({@code venueId} null). */
    public record Choice(Long venueId, String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The picker, which sets {@code venue} (null: every venue of the desk) as staff pick. */
    public VenuePicker(ConsoleContext context, ObjectProperty<Long> venue, String id) {
        this.context = context;
        box.setId(id);
        box.setVisible(false);
        box.managedProperty().bind(box.visibleProperty());
        box.valueProperty().addListener((obs, old, picked) -> venue.set(picked == null ? null : picked.venueId()));
        reload();
    }

    public ComboBox<Choice> node() {
        return box;
    }

    /** Reads the venues again (a screen shown again may find venues made meanwhile); the one picked stays picked. */
    public void reload() {
        I18n i18n = context.i18n();
        VenueDesk venues = context.desks().venues();
        context.tasks()
                .run(
                        i18n.t("venues.load"),
                        () -> {
                            DeskScope scope = venues.deskScope(context.staff());
                            return choices(i18n.t("venues.allMine"), scope.within(venues.list(), VenueView::id), i18n);
                        },
                        choices -> {
                            Long picked = box.getValue() == null
                                    ? null
                                    : box.getValue().venueId();
                            box.getItems().setAll(choices);
                            box.setValue(choices.stream()
                                    .filter(choice -> java.util.Objects.equals(choice.venueId(), picked))
                                    .findFirst()
                                    .orElse(choices.get(0)));
                            box.setVisible(choices.size() > 2);
                        });
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

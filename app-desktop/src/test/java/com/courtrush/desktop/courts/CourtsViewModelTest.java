package com.courtrush.desktop.courts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.court.Court;
import com.courtrush.court.CourtService;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.web.CourtRushException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CourtsViewModelTest {

    final CourtService service = mock(CourtService.class);
    final RecordingNotices notices = new RecordingNotices();
    final CourtsViewModel model = new CourtsViewModel(service, new DirectUiTasks(notices), notices,
            I18n.of(I18n.ENGLISH));

    static Court court(long id, String name, boolean active) {
        Court court = new Court();
        court.setId(id);
        court.setName(name);
        court.setActive(active);
        return court;
    }

    @Test
    void refreshShowsEveryCourt() {
        when(service.list()).thenReturn(List.of(court(1, "A", true), court(2, "B", false)));
        model.refresh();
        assertThat(model.rows()).containsExactly(new CourtsViewModel.CourtRow(1, "A", true),
                new CourtsViewModel.CourtRow(2, "B", false));
    }

    @Test
    void aBlankNameCannotBeCreated() {
        model.newNameProperty().set("   ");
        assertThat(model.canCreateProperty().get()).isFalse();
        model.newNameProperty().set("Court 1");
        assertThat(model.canCreateProperty().get()).isTrue();
    }

    @Test
    void creatingClearsTheFieldTellsAndReloads() {
        when(service.create("Court 1")).thenReturn(court(3, "Court 1", true));
        when(service.list()).thenReturn(List.of(court(3, "Court 1", true)));
        model.newNameProperty().set("  Court 1 ");
        model.create();
        verify(service).create("Court 1");
        assertThat(model.newNameProperty().get()).isEmpty();
        assertThat(notices.infos).containsExactly("Court \"Court 1\" created.");
        assertThat(model.rows()).hasSize(1);
    }

    @Test
    void aRefusedNameIsShownAndTheFieldKept() {
        when(service.create("A")).thenThrow(CourtRushException.conflict("An active court is already named 'A'."));
        model.newNameProperty().set("A");
        model.create();
        assertThat(notices.lastFailureMessage()).contains("already named");
        assertThat(model.newNameProperty().get()).isEqualTo("A");
    }

    @Test
    void disablingAndRenamingGoThroughTheService() {
        when(service.list()).thenReturn(List.of());
        CourtsViewModel.CourtRow row = new CourtsViewModel.CourtRow(5, "Old", true);
        model.setActive(row, false);
        model.rename(row, "New");
        verify(service).setActive(5, false);
        verify(service).rename(5, "New");
    }
}

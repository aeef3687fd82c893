package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.SheetFormat;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What an export is saved as: the name's extension first, then the type chosen in the dialog, then Excel. */
class ExportFileTest {

    final Path folder = Path.of("/tmp/exports");

    @Test
    void theExtensionStaffTypedDecidesWhateverTypeWasChosen() {
        assertThat(ExportFile.of(folder.resolve("week.csv"), SheetFormat.XLSX))
                .isEqualTo(new ExportFile(folder.resolve("week.csv"), SheetFormat.CSV));
        assertThat(ExportFile.of(folder.resolve("week.XLSX"), SheetFormat.CSV))
                .isEqualTo(new ExportFile(folder.resolve("week.XLSX"), SheetFormat.XLSX));
    }

    @Test
    void aNameWithoutOneTakesTheChosenTypesExtensionAndExcelWhenNoneWasChosen() {
        assertThat(ExportFile.of(folder.resolve("week"), SheetFormat.CSV))
                .isEqualTo(new ExportFile(folder.resolve("week.csv"), SheetFormat.CSV));
        assertThat(ExportFile.of(folder.resolve("周报"), SheetFormat.XLSX))
                .isEqualTo(new ExportFile(folder.resolve("周报.xlsx"), SheetFormat.XLSX));
        assertThat(ExportFile.of(folder.resolve("week.txt")))
                .isEqualTo(new ExportFile(folder.resolve("week.txt.xlsx"), SheetFormat.XLSX));
    }
}

package com.courtrush.desktop.ui;

import com.courtrush.core.SheetFormat;
import com.courtrush.desktop.i18n.I18n;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The save dialog of every export: an Excel workbook (.xlsx, offered first) or CSV; the file's format is then its
 * extension, or the type chosen when the name has none ({@link ExportFile}).
 */
public final class SpreadsheetSaveDialog {

    private SpreadsheetSaveDialog() {}

    /** Asks where to save, offering {@code initialName} (its extension picks the type first shown); empty if cancelled. */
    public static Optional<Path> show(I18n i18n, Window owner, String title, String initialName) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(initialName);
        FileChooser.ExtensionFilter xlsx = new FileChooser.ExtensionFilter(i18n.t("export.xlsx"), "*.xlsx");
        FileChooser.ExtensionFilter csv = new FileChooser.ExtensionFilter(i18n.t("export.csv"), "*.csv");
        chooser.getExtensionFilters().setAll(xlsx, csv);
        chooser.setSelectedExtensionFilter(
                SheetFormat.ofFileName(initialName).orElse(SheetFormat.XLSX) == SheetFormat.CSV ? csv : xlsx);
        File file = chooser.showSaveDialog(owner);
        if (file == null) {
            return Optional.empty();
        }
        SheetFormat chosen = chooser.getSelectedExtensionFilter() == csv ? SheetFormat.CSV : SheetFormat.XLSX;
        return Optional.of(ExportFile.of(file.toPath(), chosen).path());
    }
}

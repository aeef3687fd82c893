package com.courtrush.desktop.ui;

import com.courtrush.core.SheetFormat;
import java.nio.file.Path;

/**
 * Where an export is saved and as what. The file name's own extension decides (.xlsx an Excel workbook, .csv CSV);
 * a name without either gets the extension of the type chosen in the save dialog — an Excel workbook unless CSV
 * was chosen — since not every platform's dialog adds it.
 */
public record ExportFile(Path path, SheetFormat format) {

    /** The file a save dialog returned, with the type chosen in it ({@code chosen}; null for none). */
    public static ExportFile of(Path file, SheetFormat chosen) {
        return SheetFormat.ofFileName(file.getFileName().toString())
                .map(format -> new ExportFile(file, format))
                .orElseGet(() -> {
                    SheetFormat format = chosen == null ? SheetFormat.XLSX : chosen;
                    return new ExportFile(
                            file.resolveSibling(
                                    format.fileName(file.getFileName().toString())),
                            format);
                });
    }

    /** A file named by staff (or a test), its format taken from its extension: an Excel workbook when it has none. */
    public static ExportFile of(Path file) {
        return of(file, null);
    }
}

package com.courtrush.core;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The two ways an export is written for spreadsheets: an Excel workbook (.xlsx, first: what the gym's office works
 * in) or CSV (UTF-8 with BOM). The same rows either way, neutralised by the same rule.
 */
public enum SheetFormat {
    XLSX("xlsx", Xlsx.MEDIA_TYPE),
    CSV("csv", "text/csv;charset=UTF-8");

    private final String extension;
    private final String mediaType;

    SheetFormat(String extension, String mediaType) {
        this.extension = extension;
        this.mediaType = mediaType;
    }

    /** The file's bytes: {@code rows} (a null row an empty line between tables) on a sheet named {@code sheetName}. */
    public byte[] write(String sheetName, List<List<?>> rows) {
        return this == XLSX ? Xlsx.write(sheetName, rows) : Csv.write(rows);
    }

    /** e.g. {@code xlsx}, without the dot. */
    public String extension() {
        return extension;
    }

    /** e.g. {@code text/csv;charset=UTF-8}. */
    public String mediaType() {
        return mediaType;
    }

    /** {@code stem} with this format's extension, e.g. courtrush-audit.xlsx. */
    public String fileName(String stem) {
        return stem + "." + extension;
    }

    /** The format a file name's extension names, in any case; empty for another or no extension. */
    public static Optional<SheetFormat> ofFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (SheetFormat format : values()) {
            if (lower.endsWith("." + format.extension)) {
                return Optional.of(format);
            }
        }
        return Optional.empty();
    }
}

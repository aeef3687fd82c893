package com.courtrush.account.api;

import com.courtrush.core.SheetFormat;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Optional;

/**
 * A file of students as read: CSV, or an Excel workbook (.xlsx); the character set a CSV's text was read in (UTF-8,
 * or GB18030 as Excel saves it on Chinese Windows; a workbook has none, {@code charset} null); its students, each with
 * the line (or the sheet's row) it starts on.
 */
public record StudentCsvFile(SheetFormat format, Charset charset, List<StudentCsvLine> lines) {

    /** The character set a CSV was read in; empty for a workbook, which has no encoding to tell. */
    public Optional<Charset> encoding() {
        return Optional.ofNullable(charset);
    }
}

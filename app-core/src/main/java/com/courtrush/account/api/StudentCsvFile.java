package com.courtrush.account.api;

import java.nio.charset.Charset;
import java.util.List;

/**
 * A CSV file of students as read: the character set its text was read in (UTF-8, or GB18030 as Excel
 * saves it on Chinese Windows) and its students, each with the line of the file it starts on.
 */
public record StudentCsvFile(Charset charset, List<StudentCsvLine> lines) {}

package com.courtrush.account.api;

import java.util.ArrayList;
import java.util.List;

/**
 * A student and the row that names it: the line of a CSV file or the row of a workbook's sheet (the header is line 1),
 * as the person sees it in their file — what an import's errors name ({@link ImportRowError#row}).
 */
public record StudentCsvLine(long number, NewStudent student) {

    /** Students that came without a file (a JSON list): each numbered by its place in the list, from 1. */
    public static List<StudentCsvLine> numbered(List<NewStudent> students) {
        List<StudentCsvLine> lines = new ArrayList<>(students.size());
        for (int i = 0; i < students.size(); i++) {
            lines.add(new StudentCsvLine(i + 1, students.get(i)));
        }
        return lines;
    }
}

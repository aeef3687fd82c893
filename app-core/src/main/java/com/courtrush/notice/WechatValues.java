package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.core.EngineMessages;
import com.courtrush.notice.api.WechatField;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A notice's values as a subscribe notification's keywords take them (SPEC §22): each from the field a manager chose
 * ({@link WechatField}), in Chinese, fitted to the keyword's kind as WeChat's documentation limits it — a {@code thing}
 * at most 20 characters, a {@code phrase} at most 5 Chinese characters, a {@code character_string} 32 letters, digits
 * or symbols, a {@code time} as {@code 2026年12月1日 18:00} (a span joined by {@code ~}), an {@code amount} with its
 * currency sign — so WeChat never refuses a notification for a value (47003). A value a notice does not have is a dash
 * (a {@code phrase}: 通知; a {@code time}: when the notice was made).
 */
final class WechatValues {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy年M月d日 HH:mm");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy年M月d日");
    private static final DateTimeFormatter HOURS = DateTimeFormatter.ofPattern("HH:mm");
    private static final Pattern KEYWORD = Pattern.compile("([a-z_]+?)(\\d+)");
    private static final Pattern AMOUNT = Pattern.compile("[¥￥$]?\\d{1,10}(\\.\\d{1,2})?元?");
    private static final int THING = 20;
    private static final int PHRASE = 5;
    private static final int STRING = 32;
    private static final int NAME = 10;

    private WechatValues() {}

    /** Whether {@code keyword} is named as WeChat names a template's keywords: a kind and a number, {@code thing1}. */
    static boolean isKeyword(String keyword) {
        return keyword != null && KEYWORD.matcher(keyword).matches();
    }

    /** The keywords' values of a notice ({@code zh}: the notice as the inbox shows it in Chinese). */
    static Map<String, String> of(Map<String, String> fields, NoticeMapper.Row row, NoticeInbox.Notice zh) {
        JSONObject params = JSON.parseObject(row.params());
        Map<String, String> data = new LinkedHashMap<>();
        fields.forEach((keyword, field) ->
                data.put(keyword, fit(keyword, value(WechatField.valueOf(field), row, params, zh), row.createTime())));
        return data;
    }

    static String value(WechatField field, NoticeMapper.Row row, JSONObject params, NoticeInbox.Notice zh) {
        return switch (field) {
            case TITLE -> zh.title();
            case TEXT -> zh.text();
            case COURT -> row.courtIn(Locale.CHINESE);
            case TIME ->
                row.slotDate() == null
                        ? null
                        : DAY.format(row.slotDate()) + " " + HOURS.format(row.startTime()) + "~"
                                + HOURS.format(row.endTime());
            case DEADLINE -> deadline(row, params);
            case AMOUNT -> params.getString(Notices.AMOUNT) == null ? null : "¥" + params.getString(Notices.AMOUNT);
            case REASON -> params.getString(Notices.REASON);
            case NAME -> params.getString(Notices.NAME);
            case STATE -> EngineMessages.format(NoticeEmails.CHINESE, "wechat.state." + row.kind());
        };
    }

    /** The notice's deadline written as WeChat's time: its pay-by, offer's until, check-in-by or opening's flash. */
    private static String deadline(NoticeMapper.Row row, JSONObject params) {
        for (String name : new String[] {Notices.PAY_BY, Notices.UNTIL, Notices.FLASH}) {
            String stored = params.getString(name);
            if (stored != null) {
                try {
                    return WHEN.format(
                            LocalDateTime.parse(stored, stored.length() > 16 ? Notices.EXACT : Notices.WHEN));
                } catch (DateTimeParseException e) {
                    return null; // a value an older engine wrote otherwise: the keyword gets the notice's time
                }
            }
        }
        String checkInBy = params.getString(Notices.CHECK_IN_BY);
        if (checkInBy == null || row.slotDate() == null) {
            return null;
        }
        // WallTimes.onDay: "18:02" on the play date, "11-30 00:10" on another day of the play date's year
        LocalDate playDate = row.slotDate();
        try {
            if (checkInBy.length() <= 5) {
                return WHEN.format(playDate.atTime(LocalTime.parse(checkInBy, HOURS)));
            }
            LocalDate day = MonthDay.parse("--" + checkInBy.substring(0, 5)).atYear(playDate.getYear());
            return WHEN.format(day.atTime(LocalTime.parse(checkInBy.substring(6), HOURS)));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code value} as a keyword of {@code keyword}'s kind takes it; {@code made}: when the notice was made. */
    static String fit(String keyword, String value, LocalDateTime made) {
        Matcher named = KEYWORD.matcher(keyword);
        String kind = named.matches() ? named.group(1) : "thing";
        String text = value == null ? "" : value.strip().replaceAll("\\s+", " ");
        return switch (kind) {
            case "phrase" -> {
                String chinese = text.codePoints()
                        .filter(c -> c >= 0x4E00 && c <= 0x9FFF)
                        .limit(PHRASE)
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                        .toString();
                yield chinese.isEmpty() ? "通知" : chinese;
            }
            case "character_string", "letter", "number" -> {
                String plain = text.chars()
                        .filter(c -> c > 32 && c < 127)
                        .limit(STRING)
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                        .toString();
                yield plain.isEmpty() ? "-" : plain;
            }
            case "time", "date" -> text.matches("\\d{4}年.*") ? text : WHEN.format(made);
            case "amount" -> AMOUNT.matcher(text).matches() ? text : "¥0";
            case "name" -> cut(text, NAME);
            default -> cut(text, THING);
        };
    }

    private static String cut(String text, int most) {
        if (text.isEmpty()) {
            return "-";
        }
        int length = text.codePointCount(0, text.length());
        if (length <= most) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, most - 1)) + "…";
    }
}

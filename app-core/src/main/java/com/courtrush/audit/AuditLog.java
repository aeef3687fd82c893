package com.courtrush.audit;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** One {@code audit_log} row. */
@Getter
@Setter
@TableName("audit_log")
public class AuditLog {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String actor;
    /** The role of a staff actor when recorded (STAFF, MANAGER); null for any other and for older entries. */
    private String actorRole;

    private String action;
    private String targetType;
    private String targetId;
    private String detail;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /**
     * How a detail the engine worded is stored: this prefix, then its key and arguments as JSON. It starts
     * with a control character, which no text staff type can hold (Texts refuses them), so a typed reason
     * is never read as the engine's wording.
     */
    static final String ENGINE_TEXT = "\u0001text:";

    private static final ObjectMapper JSON = new ObjectMapper();

    public static String encode(EngineText text) {
        try {
            return ENGINE_TEXT + JSON.writeValueAsString(stored(text));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot store an audit detail " + text, e);
        }
    }

    /** Key and arguments, arguments as text; a text within a text (a reason) kept as its own key and arguments. */
    private static Map<String, Object> stored(EngineText text) {
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("key", text.key());
        stored.put(
                "args",
                Arrays.stream(text.args())
                        .map(arg -> arg instanceof EngineText nested
                                ? stored(nested)
                                : String.valueOf(EngineMessages.plain(arg)))
                        .toList());
        return stored;
    }

    private static EngineText read(JsonNode stored) {
        List<Object> args = new ArrayList<>();
        stored.path("args").forEach(arg -> args.add(arg.isObject() ? read(arg) : argument(arg.asText())));
        return new EngineText(stored.path("key").asText(), args.toArray());
    }

    /** A stored argument; one naming an actor of the trail ("staff:mgr01") in words, as entries stored before did. */
    private static Object argument(String stored) {
        return AuditActors.looksLikeOne(stored) ? AuditActors.inWords(stored) : stored;
    }

    /**
     * The detail as staff read it in {@code locale}: a detail the engine worded in that language, one
     * staff typed as typed (and a stored detail that cannot be read, as stored).
     */
    public String detailIn(Locale locale) {
        EngineText text = decode(detail);
        return text == null ? detail : text.in(locale);
    }

    /** The entry as staff read it, in {@code locale}. */
    public AuditEntry entryIn(Locale locale) {
        return new AuditEntry(id, actor, actorRole, action, targetType, targetId, detailIn(locale), createTime);
    }

    /** The engine's wording stored by {@link #encode}; null for anything else (a typed text, null). */
    public static EngineText decode(String stored) {
        if (stored == null || !stored.startsWith(ENGINE_TEXT)) {
            return null;
        }
        try {
            return read(JSON.readTree(stored.substring(ENGINE_TEXT.length())));
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}

package com.courtrush.reserve.decide;

import com.alibaba.fastjson2.JSON;
import com.courtrush.account.api.Caller;
import com.courtrush.reserve.record.DrawRecords;
import com.courtrush.reserve.record.DrawReplay;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import java.time.LocalDateTime;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** A fair draw anyone can verify (SPEC §13): open to all, no sign-in; and a student's own pseudonym in it. */
@Tag(name = "Draws", description = "A fair draw's commitment before it, and its record after it, to re-run")
@RestController
@Validated
class DrawController {

    private final DrawRecords records;

    DrawController(DrawRecords records) {
        this.records = records;
    }

    @Operation(
            summary = "A fair draw: from the warm-up its commitment (SHA-256 of the secret); once drawn, also the "
                    + "record — the secret, the entries under pseudonyms, the places at the close, the winners — "
                    + "for `java -jar app-core.jar verify-draw <this address>`")
    @GetMapping("/draws/{sessionId}")
    ApiResponse<Published> draw(@PathVariable @Positive long sessionId) {
        DrawRecords.Published published = records.published(sessionId);
        return ApiResponse.ok(new Published(
                published.sessionId(),
                published.commitment(),
                published.drawnTime(),
                published.publication() == null ? null : JSON.parse(published.publication())));
    }

    @Operation(
            summary = "My pseudonym in a fair draw (signed-in student): the id my entry is published under, to "
                    + "find it in the draw's record")
    @GetMapping("/reserve/draws/{sessionId}/entry")
    ApiResponse<MyEntry> myEntry(@PathVariable @Positive long sessionId, @AuthenticationPrincipal Caller caller) {
        records.published(sessionId); // 404 for an opening with no draw
        return ApiResponse.ok(new MyEntry(sessionId, DrawReplay.pseudonym(sessionId, caller.requireUserId())));
    }

    /** @param entryId the pseudonym the student's entry is (or would be) published under */
    record MyEntry(long sessionId, String entryId) {}

    /** @param record the draw's record (null until drawn), as DrawReplay reads it */
    record Published(long sessionId, String commitment, LocalDateTime drawnTime, Object record) {}
}

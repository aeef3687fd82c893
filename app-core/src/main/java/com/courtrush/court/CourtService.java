package com.courtrush.court;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates, renames, enables and disables courts; each change in the audit trail with who made it. */
@Service
public class CourtService {

    private final CourtMapper courts;
    private final ApplicationEventPublisher events;
    private final AuditTrail audit;

    CourtService(CourtMapper courts, ApplicationEventPublisher events, AuditTrail audit) {
        this.courts = courts;
        this.events = events;
        this.audit = audit;
    }

    @Transactional
    public Court create(String name, String actor) {
        String clean = checkName(name);
        Court court = new Court();
        court.setName(clean);
        court.setActive(true);
        court.setActiveName(clean);
        // refused before the insert, so a name already taken uses up no id (the unique key still guards a race)
        if (courts.exists(new LambdaQueryWrapper<Court>().eq(Court::getActiveName, clean))) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        try {
            courts.insert(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        audit.record(
                actor,
                AuditAction.CREATE_COURT,
                AuditTarget.COURT,
                court.getId(),
                new EngineText("audit.court", clean));
        events.publishEvent(new CourtsChanged());
        return court;
    }

    @Transactional
    public Court rename(long id, String name, String actor) {
        Court court = get(id);
        String clean = checkName(name);
        String before = court.getName();
        court.setName(clean);
        court.setActiveName(Boolean.TRUE.equals(court.getActive()) ? clean : null);
        try {
            courts.updateById(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        if (!clean.equals(before)) {
            audit.record(
                    actor,
                    AuditAction.RENAME_COURT,
                    AuditTarget.COURT,
                    id,
                    new EngineText("audit.courtRenamed", before, clean));
        }
        events.publishEvent(new CourtsChanged());
        return court;
    }

    @Transactional
    public Court setActive(long id, boolean active, String actor) {
        Court court = get(id);
        boolean was = Boolean.TRUE.equals(court.getActive());
        court.setActive(active);
        court.setActiveName(active ? court.getName() : null);
        try {
            courts.updateById(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTakenRename", court.getName());
        }
        if (was != active) {
            audit.record(
                    actor,
                    active ? AuditAction.ENABLE_COURT : AuditAction.DISABLE_COURT,
                    AuditTarget.COURT,
                    id,
                    new EngineText("audit.court", court.getName()));
        }
        events.publishEvent(new CourtsChanged());
        return court;
    }

    public Court get(long id) {
        Court court = courts.selectById(id);
        if (court == null) {
            throw CourtRushException.notFound("court.notFound", id);
        }
        return court;
    }

    public List<Court> list() {
        return courts.selectList(new LambdaQueryWrapper<Court>().orderByAsc(Court::getId));
    }

    private static String checkName(String name) {
        String clean = name == null ? "" : name.strip();
        if (clean.isEmpty() || clean.length() > 64) {
            throw CourtRushException.badRequest("court.nameLength");
        }
        return Texts.requirePlain(clean, "courtName");
    }

    /** Courts changed: cached catalogs must be dropped. */
    public record CourtsChanged() {}
}

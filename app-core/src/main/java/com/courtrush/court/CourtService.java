package com.courtrush.court;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Texts;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates, renames, enables and disables courts. */
@Service
public class CourtService {

    private final CourtMapper courts;
    private final ApplicationEventPublisher events;

    CourtService(CourtMapper courts, ApplicationEventPublisher events) {
        this.courts = courts;
        this.events = events;
    }

    public Court create(String name) {
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
        events.publishEvent(new CourtsChanged());
        return court;
    }

    @Transactional
    public Court rename(long id, String name) {
        Court court = get(id);
        String clean = checkName(name);
        court.setName(clean);
        court.setActiveName(Boolean.TRUE.equals(court.getActive()) ? clean : null);
        try {
            courts.updateById(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        events.publishEvent(new CourtsChanged());
        return court;
    }

    @Transactional
    public Court setActive(long id, boolean active) {
        Court court = get(id);
        court.setActive(active);
        court.setActiveName(active ? court.getName() : null);
        try {
            courts.updateById(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTakenRename", court.getName());
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

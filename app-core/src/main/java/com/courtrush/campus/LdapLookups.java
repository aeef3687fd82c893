package com.courtrush.campus;

import com.courtrush.account.DirectoryAccounts;
import com.courtrush.account.DirectoryVerdicts;
import com.courtrush.account.RushHours;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.LogSafe;
import com.courtrush.infra.config.Repeated;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The LDAP directory asked again about the people it vouched for (issue 75), with the service account: every minute,
 * the accounts it made whose last word from it is older than {@link #STAFF_EVERY} (staff and managers) or
 * {@link #STUDENTS_EVERY} (students) are looked up by their entry's DN, and what the directory says is obeyed
 * ({@link DirectoryVerdicts}): a role changed is taken and their tokens end; an entry gone, or one the gym's rules give
 * no role any more, ends every token and marks the account as left. Each account is taken by one node at a time. Not
 * while an opening's rush is on, and not without a service account (an anonymous search may not see everyone).
 * A directory that does not answer changes nobody: the run stops and the next one asks again.
 */
@Component
class LdapLookups {

    private static final Logger log = LoggerFactory.getLogger(LdapLookups.class);
    static final Duration STAFF_EVERY = Duration.ofMinutes(5);
    static final Duration STUDENTS_EVERY = Duration.ofHours(24);
    private static final Duration RUN_EVERY = Duration.ofMinutes(1);
    private static final int BATCH = 100;

    private final CampusSettings settings;
    private final LdapProtocol ldap;
    private final DirectoryVerdicts verdicts;
    private final RushHours rush;
    private final Repeated repeated;

    LdapLookups(
            CampusSettings settings, LdapProtocol ldap, DirectoryVerdicts verdicts, RushHours rush, Repeated repeated) {
        this.settings = settings;
        this.ldap = ldap;
        this.verdicts = verdicts;
        this.rush = rush;
        this.repeated = repeated;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(RUN_EVERY, "LDAP lookups", this::run);
    }

    /** Looks up the accounts due now (a batch); answers how many the directory answered for. */
    int run() {
        Optional<CampusSignInSettings> on = settings.enabled()
                .filter(set -> set.protocol() == CampusProtocol.LDAP)
                .filter(LdapProtocol::looksUp);
        if (on.isEmpty() || rush.now()) {
            return 0;
        }
        CampusSignInSettings set = on.get();
        List<DirectoryVerdicts.Due> due = verdicts.due(LdapProtocol.SOURCE, STAFF_EVERY, STUDENTS_EVERY, BATCH);
        int answered = 0;
        for (int i = 0; i < due.size(); i++) {
            DirectoryVerdicts.Due account = due.get(i);
            String dn = account.subject().substring(LdapProtocol.SOURCE.length() + 1);
            Optional<LdapProtocol.Bound> found;
            try {
                found = ldap.lookUp(set, dn);
            } catch (DirectoryUnreachable e) {
                log.warn(
                        "LDAP lookups: the directory did not answer ({}); nobody changed, the next run asks again",
                        e.getMessage());
                verdicts.unanswered(due.subList(i, due.size()));
                return answered;
            } catch (DirectoryRefused e) {
                log.warn("LDAP lookup of {} refused: {}; the account is left as it is", LogSafe.of(dn), e.getMessage());
                continue;
            }
            answered++;
            if (found.isEmpty()) {
                verdicts.left(account, LdapProtocol.SOURCE, DirectoryVerdicts.Why.GONE);
                continue;
            }
            DirectoryAccounts.DirectoryPerson person;
            try {
                person = LdapSignIn.describe(set, found.get(), account.studentId());
            } catch (CourtRushException noId) {
                continue; // said in the log by describe: the id attribute is for a manager to fix, nobody is dropped
            }
            if (person.role() == null) {
                verdicts.left(account, LdapProtocol.SOURCE, DirectoryVerdicts.Why.REFUSED);
            } else {
                verdicts.stillListed(account, person);
            }
        }
        return answered;
    }
}

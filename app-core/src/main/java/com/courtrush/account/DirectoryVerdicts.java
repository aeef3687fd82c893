package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The campus directory's later word on the people it vouched for, obeyed for every live token (issue 75). An account
 * the directory made takes its role at each sign-in ({@link DirectoryAccounts}); when the directory no longer lets
 * the person in — a sign-in it refuses by the gym's rules, or a lookup that finds them gone or refused — every token
 * of theirs ends on every node at once, and the account is marked as left: its paid bookings stand, it books no more
 * (no token can be had), and staff see it in {@link #leavers}. A later sign-in the directory allows clears the mark.
 * Accounts the gym made are the gym's: the directory's word changes nothing of them.
 */
@Service
public class DirectoryVerdicts {

    /** Why the directory no longer lets a person in, as the audit trail says it. */
    public enum Why {
        /** Its rules (the booking attribute, the staff groups) give the person no role here. */
        REFUSED,
        /** It knows the person no more (the entry is gone). */
        GONE
    }

    /** An account due for the directory's word (see {@link #due}). */
    public record Due(long userId, String studentId, String subject) {}

    private static final int LEAVERS_SHOWN = 1_000;

    private final DirectoryMapper directory;
    private final UserAccountMapper accounts;
    private final DirectoryAccounts directoryAccounts;
    private final TokenService tokens;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;
    private final Clock clock;

    DirectoryVerdicts(
            DirectoryMapper directory,
            UserAccountMapper accounts,
            DirectoryAccounts directoryAccounts,
            TokenService tokens,
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock) {
        this.directory = directory;
        this.accounts = accounts;
        this.directoryAccounts = directoryAccounts;
        this.tokens = tokens;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * A sign-in the directory {@code source} refused by the gym's rules: when it made the account of {@code id} for
     * this very person ({@code subject}), every token of theirs ends and the account is marked as left. Answers
     * whether it was such an account (the person is told they may book no more, rather than that they never could).
     */
    public boolean refusedAtSignIn(String source, String id, String subject) {
        UserAccount account =
                accounts.selectOne(new LambdaQueryWrapper<UserAccount>().eq(UserAccount::getStudentId, id));
        if (account == null || !madeFor(account, source, subject)) {
            return false;
        }
        left(account, source, Why.REFUSED);
        return true;
    }

    /**
     * Up to {@code limit} active accounts {@code source} made, whose last word from it is older than {@code staffEvery}
     * (staff and managers) or {@code studentsEvery} (students), each taken by this node: another node asking at the
     * same moment gets others. The caller asks the directory and answers with {@link #stillListed} or {@link #left}.
     */
    public List<Due> due(String source, Duration staffEvery, Duration studentsEvery, int limit) {
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime staffBefore = now.minus(staffEvery);
        LocalDateTime studentsBefore = now.minus(studentsEvery);
        List<Due> taken = new ArrayList<>();
        for (DirectoryMapper.Due due : directory.due(source, staffBefore, studentsBefore, limit)) {
            LocalDateTime before = due.role().isStaff() ? staffBefore : studentsBefore;
            if (directory.claim(due.userId(), now, before) == 1) {
                taken.add(new Due(due.userId(), due.studentId(), due.subject()));
            }
        }
        return taken;
    }

    /** The directory did not answer for these accounts: due again at the next lookup, unchanged. */
    public void unanswered(List<Due> due) {
        LocalDateTime now = LocalDateTime.now(clock);
        for (Due one : due) {
            directory.unclaim(one.userId(), now);
        }
    }

    /** The directory still lets the person in, as {@code person}: their role taken (a change ends their tokens). */
    public void stillListed(Due due, DirectoryAccounts.DirectoryPerson person) {
        UserAccount account = accounts.selectById(due.userId());
        if (account == null || !madeFor(account, person.source(), due.subject())) {
            return; // changed meanwhile (reassigned, made local): the directory's word is not about it any more
        }
        directoryAccounts.takeRole(account, person.role());
    }

    /** The directory {@code source} no longer lets the person of {@code due} in. */
    public void left(Due due, String source, Why why) {
        UserAccount account = accounts.selectById(due.userId());
        if (account != null && madeFor(account, source, due.subject())) {
            left(account, source, why);
        }
    }

    /** The accounts the directory no longer lets in, the latest first (at most a thousand). */
    public List<DirectoryLeaver> leavers() {
        return directory.leavers(LEAVERS_SHOWN);
    }

    /** Every token ends, on every node, with the mark; audited once, when the mark is new. */
    private void left(UserAccount account, String source, Why why) {
        boolean marked = Boolean.TRUE.equals(transactions.execute(tx -> {
            if (directory.left(account.getId(), LocalDateTime.now(clock)) == 0) {
                return false;
            }
            tokens.revokeAll(account.getId());
            return true;
        }));
        if (marked) {
            audit.record(
                    "directory:" + source,
                    AuditAction.LEFT_DIRECTORY,
                    AuditTarget.USER,
                    account.getStudentId(),
                    new EngineText(
                            "audit.leftDirectory." + why.name(),
                            source,
                            account.getRole().name()));
        }
    }

    /** Whether the directory {@code source} made the account, for the person it calls {@code subject}. */
    private static boolean madeFor(UserAccount account, String source, String subject) {
        return source.equals(account.getOrigin())
                && account.getDirectorySubject() != null
                && account.getDirectorySubject().equals(subject);
    }
}

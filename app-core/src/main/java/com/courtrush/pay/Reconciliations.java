package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.DailyJob;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.pay.api.BillDays;
import com.courtrush.pay.api.ReconciliationView;
import com.courtrush.venue.api.DeskScope;
import com.wechat.pay.java.core.exception.WechatPayException;
import com.wechat.pay.java.service.billdownload.DigestBillEntity;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The day's orders reconciled with WeChat Pay's own bill of that day (issue 52, SPEC §19): the trade bill (payments
 * and refunds) downloaded through the SDK, its hash checked, and every payment and refund of a live order that
 * succeeded that day (China time, the bill's) matched with it by number — on both sides and equal, only at WeChat
 * Pay, only here, or with amounts that differ. Each morning for the day before (once across nodes: the run of a date
 * is one row), and whenever a manager asks; a mismatch raises a staff alert. The simulated gateway has no bill.
 */
@Service
public class Reconciliations implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(Reconciliations.class);
    static final String SCHEDULED = SystemActor.WECHAT_BILLS.actor();

    private final WechatPayClients clients;
    private final ReconciliationMapper mapper;
    private final StaffAlerts alerts;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final String cron;

    Reconciliations(
            WechatPayClients clients,
            ReconciliationMapper mapper,
            StaffAlerts alerts,
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock,
            @Value("${courtrush.pay.reconcile-cron:0 30 10 * * *}") String cron) {
        this.clients = clients;
        this.mapper = mapper;
        this.alerts = alerts;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
        this.cron = cron;
    }

    /** Each morning (by default 10:30 in the gym's zone, once WeChat Pay has made the bill), yesterday's, on one node. */
    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        DailyJob.register(tasks, cron, clock, this::morning);
    }

    void morning() {
        LocalDate yesterday = BillDays.lastBillDay(clock);
        if (clients.merchant().isEmpty()) {
            return; // payments are simulated, or the merchant's keys are not on this node: nothing to reconcile
        }
        try {
            run(yesterday, SCHEDULED, true);
        } catch (DuplicateKeyException e) {
            log.info("The reconciliation of {} ran on another node", yesterday);
        } catch (RuntimeException e) {
            log.error("The morning's reconciliation of {} failed; a manager can run it again", yesterday, e);
        }
    }

    /** A manager reconciles a day now (today's bill only exists at the simulator). */
    public ReconciliationView reconcile(LocalDate day, Caller manager) {
        if (day == null || day.isAfter(BillDays.today(clock))) {
            throw CourtRushException.badRequest("reconcile.badDate");
        }
        if (clients.merchant().isEmpty()) {
            throw CourtRushException.conflict("reconcile.simulated");
        }
        return run(day, manager.actor(), false);
    }

    /**
     * The runs of a bill date, newest first, with what each found that did not match — of the bookings of the venues
     * of {@code scope} (SPEC §21): a desk worker's figures count their venues' orders only.
     */
    public List<ReconciliationView> ofDay(LocalDate day, DeskScope scope) {
        return mapper.ofDay(day).stream().map(run -> view(run, false, scope)).toList();
    }

    /** One run with every payment and refund it compared, the mismatches first, of the venues of {@code scope}. */
    public ReconciliationView find(long id, DeskScope scope) {
        Reconciliation run = mapper.selectById(id);
        if (run == null) {
            throw CourtRushException.notFound("reconcile.notFound", id);
        }
        return view(run, true, scope);
    }

    private ReconciliationView run(LocalDate day, String actor, boolean scheduled) {
        Reconciliation run = new Reconciliation();
        run.setBillDate(day);
        run.setScheduledDate(scheduled ? day : null);
        run.setActor(actor);
        List<ReconciliationItem> items = new ArrayList<>();
        try {
            List<TradeBill.Entry> bill = TradeBill.read(download(day));
            items = compare(day, bill);
            run.setStatus("DONE");
        } catch (WechatPayException | IOException | IllegalArgumentException e) {
            log.warn("WeChat Pay's bill of {} could not be read: {}", day, e.toString());
            run.setStatus("FAILED");
            run.setDetail(detail(e));
        }
        run.setMatched(count(items, "MATCHED"));
        run.setOnlyThere(count(items, "ONLY_THERE"));
        run.setOnlyHere(count(items, "ONLY_HERE"));
        run.setDiffers(count(items, "DIFFERS"));
        List<ReconciliationItem> found = items;
        transactions.executeWithoutResult(tx -> {
            mapper.insert(run);
            found.forEach(item -> item.setReconciliationId(run.getId()));
            for (int from = 0; from < found.size(); from += 500) {
                mapper.insertItems(found.subList(from, Math.min(found.size(), from + 500)));
            }
        });
        ReconciliationView view = view(run, false, DeskScope.ALL);
        audit.record(
                actor,
                AuditAction.RECONCILE,
                AuditTarget.BILL,
                day.toString(),
                new EngineText(
                        "audit.reconciled",
                        day.toString(),
                        new EngineText("status." + run.getStatus()),
                        run.getMatched(),
                        run.getOnlyThere(),
                        run.getOnlyHere(),
                        run.getDiffers()));
        if (view.mismatched() || "FAILED".equals(run.getStatus())) {
            alerts.reconciliationMismatch(
                    day, run.getOnlyThere(), run.getOnlyHere(), run.getDiffers(), run.getStatus());
        }
        log.info(
                "Reconciled {} with WeChat Pay's bill: {} ({} matched, {} only there, {} only here, {} differ)",
                day,
                run.getStatus(),
                run.getMatched(),
                run.getOnlyThere(),
                run.getOnlyHere(),
                run.getDiffers());
        return view;
    }

    /** The day's trade bill (payments and refunds) through the SDK, its SHA-1 checked. */
    private String download(LocalDate day) throws IOException {
        WechatPayClients.Clients live =
                clients.merchant().orElseThrow(() -> CourtRushException.conflict("reconcile.simulated"));
        GetTradeBillRequest request = new GetTradeBillRequest();
        request.setBillDate(day.toString());
        request.setBillType(BillType.ALL);
        DigestBillEntity bill = live.bills().getTradeBill(request);
        byte[] bytes;
        try (InputStream in = bill.getInputStream()) {
            bytes = in.readAllBytes();
        }
        if (!bill.verifyHash()) {
            throw new IOException("the bill's SHA-1 is not the one WeChat Pay gave for it");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Ours beside the bill's, by number: payments by their order's, refunds by their own. */
    private List<ReconciliationItem> compare(LocalDate day, List<TradeBill.Entry> bill) {
        LocalDateTime from = day.atStartOfDay(BillDays.CHINA)
                .withZoneSameInstant(clock.getZone())
                .toLocalDateTime();
        LocalDateTime to = day.plusDays(1)
                .atStartOfDay(BillDays.CHINA)
                .withZoneSameInstant(clock.getZone())
                .toLocalDateTime();
        Map<String, LiveMoney> ours = new LinkedHashMap<>();
        Map<String, String> kinds = new LinkedHashMap<>();
        mapper.payments(from, to).forEach(money -> {
            ours.put(money.getNumber(), money);
            kinds.put(money.getNumber(), "PAYMENT");
        });
        mapper.refunds(from, to).forEach(money -> {
            ours.put(money.getNumber(), money);
            kinds.put(money.getNumber(), "REFUND");
        });
        List<ReconciliationItem> items = new ArrayList<>();
        for (TradeBill.Entry entry : bill) {
            LiveMoney here = ours.remove(entry.number());
            String outcome = here == null ? "ONLY_THERE" : here.getCents() == entry.cents() ? "MATCHED" : "DIFFERS";
            items.add(item(
                    entry.refund() ? "REFUND" : "PAYMENT",
                    entry.number(),
                    entry.outTradeNo(),
                    here == null ? null : here.getCents(),
                    entry.cents(),
                    outcome));
        }
        ours.forEach((number, here) ->
                items.add(item(kinds.get(number), number, here.getOutTradeNo(), here.getCents(), null, "ONLY_HERE")));
        return items;
    }

    private static ReconciliationItem item(
            String kind, String number, String outTradeNo, Integer here, Integer there, String outcome) {
        ReconciliationItem item = new ReconciliationItem();
        item.setKind(kind);
        item.setNumber(number);
        item.setOutTradeNo(outTradeNo);
        item.setHereCents(here);
        item.setThereCents(there);
        item.setOutcome(outcome);
        return item;
    }

    private static int count(List<ReconciliationItem> items, String outcome) {
        return (int)
                items.stream().filter(item -> outcome.equals(item.getOutcome())).count();
    }

    private static String detail(Exception e) {
        String message = Optional.ofNullable(e.getMessage()).orElse(e.getClass().getSimpleName());
        return message.length() > 400 ? message.substring(0, 400) : message;
    }

    private ReconciliationView view(Reconciliation run, boolean everyItem, DeskScope scope) {
        List<ReconciliationItem> compared =
                scope.all() ? mapper.items(run.getId()) : mapper.itemsOfVenues(run.getId(), scope.venueIds());
        List<ReconciliationView.Item> items = compared.stream()
                .filter(item -> everyItem || !"MATCHED".equals(item.getOutcome()))
                .map(item -> new ReconciliationView.Item(
                        item.getKind(),
                        item.getNumber(),
                        item.getOutTradeNo(),
                        item.getHereCents(),
                        item.getThereCents(),
                        item.getOutcome()))
                .toList();
        return new ReconciliationView(
                run.getId(),
                run.getBillDate(),
                run.getCreateTime(),
                run.getActor(),
                run.getStatus(),
                scope.all() ? run.getMatched() : count(compared, "MATCHED"),
                scope.all() ? run.getOnlyThere() : 0,
                scope.all() ? run.getOnlyHere() : count(compared, "ONLY_HERE"),
                scope.all() ? run.getDiffers() : count(compared, "DIFFERS"),
                run.getDetail(),
                items);
    }
}

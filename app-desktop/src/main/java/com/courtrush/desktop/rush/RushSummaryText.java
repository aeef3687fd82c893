package com.courtrush.desktop.rush;

import com.courtrush.core.Outcome;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.monitor.api.RushDraw;
import com.courtrush.monitor.api.RushSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A rush told in one sentence: sold out when, attempts, the draw, refusals by reason, lag, places given back. */
final class RushSummaryText {

    private RushSummaryText() {}

    /** The sentence under the charts; refusals in the charts' order ({@code reasons}). */
    static String of(RushSummary total, List<Outcome> reasons, I18n i18n) {
        if (total.attempts() == 0) {
            return i18n.t("rush.summary.none");
        }
        List<String> parts = new ArrayList<>();
        parts.add(
                total.soldOutAfterMs() == null
                        ? i18n.t("rush.summary.notSoldOut")
                        : i18n.t(
                                "rush.summary.soldOut",
                                String.format(Locale.ROOT, "%.3f", total.soldOutAfterMs() / 1000.0)));
        parts.add(i18n.t("rush.summary.attempts", total.attempts(), total.students(), total.grants()));
        RushDraw draw = total.draw();
        if (draw != null) {
            parts.add(
                    draw.drawn()
                            ? i18n.t(
                                    "rush.summary.draw",
                                    draw.entrants(),
                                    draw.windowMs(),
                                    draw.winners(),
                                    draw.lost(),
                                    draw.drawnAfterCloseMs(),
                                    draw.digest() == null ? "" : draw.digest().substring(0, 12))
                            : i18n.t("rush.summary.drawPending", draw.windowMs()));
        }
        if (!total.refusals().isEmpty()) {
            String refused = String.join(
                    i18n.t("rush.summary.listSeparator"),
                    reasons.stream()
                            .map(outcome -> reason(total, outcome, i18n))
                            .toList());
            parts.add(i18n.t("rush.summary.refused", refused));
        }
        if (total.lagMeanMs() != null) {
            parts.add(i18n.t("rush.summary.lag", total.lagMeanMs(), total.lagMaxMs()));
        }
        parts.add(i18n.t("rush.summary.released", total.released(), total.paymentTimeouts()));
        return String.join(i18n.t("rush.summary.separator"), parts);
    }

    /** One refusal and its count; the fair share's by the rule broken (SAME_TIME, DAY, WEEK). */
    private static String reason(RushSummary total, Outcome outcome, I18n i18n) {
        String counted =
                i18n.t("rush.summary.reason", i18n.of(outcome), total.refusals().get(outcome));
        if (outcome != Outcome.SHARE_USED || total.shareRefusals().isEmpty()) {
            return counted;
        }
        String byRule = String.join(
                i18n.t("rush.summary.listSeparator"),
                total.shareRefusals().entrySet().stream()
                        .map(rule -> i18n.t("rush.summary.shareRule." + rule.getKey(), rule.getValue()))
                        .toList());
        return i18n.t("rush.summary.byRule", counted, byRule);
    }
}

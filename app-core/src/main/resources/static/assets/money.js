/* What a booking's card says of its money (issue 74): money that went back is told by where it is — refunded only
   once it reached the student, on its way while WeChat Pay pays it back, not come when WeChat Pay could not pay it
   (with what happens next) — and a refund asks for what is left, never for what already went back. */
import { I18N } from './i18n.js';
import { h } from './page.js';
import { yuan } from './format.js';

const t = I18N.t;

/** What a refund of the booking gives back: what is left of its payment (its price when nothing is known). */
export function refundable(r) {
  return r.money ? r.money.leftCents : r.priceCents;
}

/** What the card says the booking cost: what was paid for it, else its price. */
export function paid(r) {
  return r.money ? r.money.paidCents : r.priceCents;
}

/** The card's lines about money that went back, each in its state; none when nothing did. */
export function moneyLines(r) {
  const m = r.money;
  if (!m) {
    return [];
  }
  const lines = [];
  if (m.refundedCents > 0) {
    lines.push(h('p', { class: 'money refunded' }, t('money.refunded', yuan(m.refundedCents))));
  }
  if (m.refundingCents > 0) {
    lines.push(h('p', { class: 'money refunding' }, t('money.refunding', yuan(m.refundingCents))));
  }
  if (m.notRefundedCents > 0) {
    lines.push(h('p', { class: 'money not-refunded', role: 'status' },
      t('money.notRefunded', yuan(m.notRefundedCents))));
  }
  return lines;
}

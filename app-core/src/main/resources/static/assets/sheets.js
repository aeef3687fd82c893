/* The sheets over the page: pay (simulated WeChat Pay), cancel, refund. One at a time; closing one
   stops what it was doing. What a sheet does while open is this module's own: nothing else changes it. */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { countdown } from './clock.js';
import { $, h, setText, yuan, dayLabel, wallTime, toast } from './dom.js';

const t = I18N.t;
const PAY_POLL_MS = 3000;

let cleanup = null;      // stops what the open sheet is doing (its timers)
let paying = false;      // a POST /pay/wechat on its way: a second tap opens nothing
let watching = false;

function openSheet(title, body, actions, onClose) {
  const sheet = $('#sheet');
  if (!watching) {
    watching = true;
    // closed by the student (Esc, back): stop what the sheet was doing. The event of a sheet that
    // another replaced arrives after the new one opened, and must not stop the new one's timers.
    sheet.addEventListener('close', () => {
      if (!sheet.open && cleanup) {
        stopSheet();
      }
    });
  }
  closeSheet();
  const close = h('button', { type: 'button', class: 'secondary', onclick: () => closeSheet() },
    t('common.close'));
  sheet.replaceChildren(h('h2', {}, title), ...body, h('div', { class: 'actions' }, ...actions, close));
  cleanup = onClose || null;
  sheet.showModal();
}

function stopSheet() {
  const stop = cleanup;
  cleanup = null;
  stop();
}

export function closeSheet() {
  const sheet = $('#sheet');
  if (cleanup) {
    stopSheet();
  }
  if (sheet && sheet.open) {
    sheet.close();
  }
}

/**
 * Pays a reservation (simulated WeChat Pay): one order, then its state every few seconds while the sheet
 * is open. {@code secondsToPay} says how long the reservation still waits; {@code changed} runs when it ends.
 */
export async function openPay(reservationId, secondsToPay, changed) {
  if (paying) {
    return; // a double tap asks for one order
  }
  paying = true;
  try {
    await showPayment(reservationId, secondsToPay, changed);
  } finally {
    paying = false;
  }
}

async function showPayment(reservationId, secondsToPay, changed) {
  const a = await Api.post('/pay/wechat/' + reservationId);
  if (a.status !== 200) {
    if (a.status !== 401) {
      toast(a.message);
    }
    changed();
    return;
  }
  const order = a.data;
  const opened = performance.now();
  const limit = Math.min(order.secondsToExpire, secondsToPay());
  const left = h('p', { class: 'pay-left' });
  const status = h('p', { class: 'pay-status', role: 'status' }, t('pay.waiting'));
  const timers = [];
  const stop = () => timers.forEach(clearInterval);
  const countdownTick = () => {
    const seconds = limit - (performance.now() - opened) / 1000;
    setText(left, seconds > 0 ? t('pay.left', countdown(seconds * 1000)) : t('pay.expired'));
  };
  countdownTick();
  timers.push(setInterval(countdownTick, 1000));
  timers.push(setInterval(async () => {
    const s = await Api.get('/pay/reservation/' + reservationId);
    if (s.status !== 200) {
      return;
    }
    if (s.data.reservationStatus === 'CONFIRMED') {
      stop();
      setText(left, '');
      status.className = 'pay-status done';
      setText(status, t('pay.done'));
      changed();
    } else if (s.data.reservationStatus === 'CANCELLED') {
      stop();
      status.className = 'pay-status ended';
      setText(status, t('pay.ended'));
      changed();
    }
  }, PAY_POLL_MS));
  openSheet(t('pay.title'), [
    h('p', { class: 'notice warn' }, t('pay.simulated')),
    h('dl', { class: 'pay-facts' },
      h('dt', {}, t('pay.amount')), h('dd', { class: 'amount' }, '¥' + yuan(order.amountCents)),
      h('dt', {}, t('pay.order')), h('dd', { class: 'order-no' }, order.outTradeNo)),
    h('div', { class: 'pay-code', 'aria-label': t('pay.code') },
      h('span', { class: 'pay-code-title' }, t('pay.code')),
      h('code', {}, order.codeUrl || '')),
    left, status
  ], [], stop);
}

function slotWords(r) {
  return [r.courtName, dayLabel(r.slotDate), r.startTime, r.endTime];
}

/** Asks before cancelling an unpaid reservation; {@code changed} runs after. */
export function confirmCancel(r, changed) {
  const go = h('button', { type: 'button', class: 'danger' }, t('cancel.confirm'));
  go.addEventListener('click', async () => {
    go.disabled = true;
    const a = await Api.del('/reserve/' + r.reservationId);
    closeSheet();
    if (a.status !== 401) {
      toast(a.message);
    }
    await changed();
  });
  openSheet(t('cancel.title'), [h('p', {}, t('cancel.body', ...slotWords(r)))], [go]);
}

/** Asks for a refund of a paid reservation, with an optional reason; {@code changed} runs after. */
export function askRefund(r, changed) {
  const reason = h('textarea', { maxlength: '200', rows: '2', name: 'reason' });
  const go = h('button', { type: 'button', class: 'danger' }, t('refund.confirm'));
  go.addEventListener('click', async () => {
    go.disabled = true;
    const a = await Api.post('/pay/refund/' + r.reservationId, { reason: reason.value.trim() || null });
    closeSheet();
    if (a.status !== 401) {
      toast(a.message);
    }
    await changed();
  });
  openSheet(t('refund.title'), [
    h('p', {}, t('refund.body', ...slotWords(r), yuan(r.priceCents))),
    h('p', { class: 'muted' }, t('refund.until', wallTime(r.refundUntil))),
    h('label', {}, h('span', {}, t('refund.reason')), reason)
  ], [go]);
}

/**
 * The check-in codes of a booking: the QR code the desk scans (drawn by the engine as SVG), the short
 * code to read out, and when the desk takes them. The QR code is signed and bound to the booking: a
 * screenshot of it is worth nothing once the booking is checked in.
 */
export async function showCheckIn(r) {
  const a = await Api.get('/reservations/' + r.reservationId + '/check-in');
  if (a.status !== 200) {
    if (a.status !== 401) {
      toast(a.message);
    }
    return;
  }
  const codes = a.data;
  const picture = h('div', { class: 'qr', role: 'img', 'aria-label': t('checkIn.qrLabel') });
  // the engine's own SVG (a path of squares, nothing from the student): safe to place as it is
  picture.innerHTML = codes.qrSvg;
  openSheet(t('checkIn.title'), [
    h('p', {}, t('checkIn.body', ...slotWords(r))),
    picture,
    h('p', { class: 'check-code' }, h('span', { class: 'muted' }, t('checkIn.code') + ' '),
      h('strong', { 'data-code': codes.code }, codes.code)),
    codes.checkedInTime
      ? h('p', { class: 'notice ok' }, t('checkIn.done', wallTime(codes.checkedInTime)))
      : h('p', { class: 'muted' }, t('checkIn.window', wallTime(codes.validFrom), wallTime(codes.validUntil), wallTime(codes.noShowAfter)))
  ], []);
}

/* My bookings: GET /reservations/mine, a card per reservation with what it lets the student do (pay,
   cancel, ask for a refund: sheets.js). */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { state } from './state.js';
import { $, h, yuan, dayLabel, wallTime, dayTime, toast } from './dom.js';
import * as Sheets from './sheets.js';

const t = I18N.t;
let changedElsewhere = () => {};

/** What to redraw when my bookings change while another view is on screen (the courts' rows). */
export function whenChangedElsewhere(redraw) {
  changedElsewhere = redraw;
}

export async function loadMine() {
  const seq = ++state.mineSeq;
  const epoch = state.epoch;
  const [a, standing] = await Promise.all([Api.get('/reservations/mine'), Api.get('/reservations/standing')]);
  if (seq !== state.mineSeq || epoch !== state.epoch) {
    return; // a newer answer is coming, or it was for the student who signed out
  }
  if (standing.status === 200) {
    state.standing = standing.data;
  }
  if (a.status === 200) {
    state.mine = a.data;
    state.mineAt = performance.now();
  } else if (a.status !== 401) {
    toast(a.message);
  }
  if (state.view === 'mine') {
    renderMine();
  } else {
    changedElsewhere();
  }
}

export function renderMine() {
  const list = $('#mine-list');
  const empty = $('#mine-empty');
  empty.hidden = state.mine.length > 0;
  empty.textContent = t('mine.none');
  list.replaceChildren(...blockNotice(), ...state.mine.map(bookingCard));
}

/** A student blocked by no-show strikes is told until when, and why (SPEC §16). */
function blockNotice() {
  const standing = state.standing;
  if (!standing || !standing.blockedUntil) {
    return [];
  }
  return [h('p', { class: 'notice error blocked', role: 'status' },
    standing.counting > 0
      ? t('standing.blocked', dayTime(standing.blockedUntil), standing.counting, standing.windowDays)
      : t('standing.blockedPlain', dayTime(standing.blockedUntil)))];
}

function bookingCard(r) {
  const lines = [];
  if (r.checkedInTime) {
    lines.push(h('p', { class: 'checked-in' }, t('mine.checkedIn', wallTime(r.checkedInTime))));
  }
  if (r.status === 'PENDING_PAYMENT') {
    lines.push(h('p', { class: 'deadline' }, t('mine.payBy', wallTime(r.payBy))));
  } else if (r.status === 'CONFIRMED') {
    lines.push(h('p', { class: 'muted' }, r.refundOpen
      ? t('mine.refundUntil', wallTime(r.refundUntil)) : t('mine.refundClosed', wallTime(r.refundUntil))));
  } else if (r.status === 'CANCELLED' && r.cancelReason) {
    lines.push(h('p', { class: 'reason' }, t('mine.reason.' + r.cancelReason)));
    if (r.note && (r.cancelReason === 'STAFF' || r.cancelReason === 'REFUND')) {
      lines.push(h('p', { class: 'reason-note' }, t('mine.reasonNote', r.note)));
    }
  }
  const actions = [];
  if (r.status === 'PENDING_PAYMENT') {
    actions.push(h('button', { type: 'button', class: 'primary', onclick: () => openPay(r.reservationId) },
      t('mine.pay')));
    actions.push(h('button', { type: 'button', class: 'secondary', onclick: () => Sheets.confirmCancel(r, loadMine) },
      t('mine.cancel')));
  } else if (r.status === 'CONFIRMED') {
    actions.push(h('button', { type: 'button', class: 'primary', onclick: () => Sheets.showCheckIn(r) },
      t('mine.checkIn')));
    if (r.refundOpen) {
      actions.push(h('button', { type: 'button', class: 'secondary', onclick: () => Sheets.askRefund(r, loadMine) },
        t('mine.refund')));
    }
  }
  return h('article', { class: 'booking status-' + r.status, 'data-reservation': r.reservationId },
    h('div', { class: 'booking-head' },
      h('strong', { class: 'court-name' }, r.courtName),
      h('span', { class: 'badge badge-' + r.status }, t('mine.status.' + r.status))),
    h('p', { class: 'when' }, dayLabel(r.slotDate) + ' ' + r.startTime + '–' + r.endTime + ' · ¥'
      + yuan(r.priceCents)),
    lines,
    actions.length ? h('div', { class: 'actions' }, actions) : null);
}

/** The pay sheet of one of my reservations: it pays until the reservation's own deadline at most. */
export function openPay(reservationId) {
  return Sheets.openPay(reservationId, () => secondsToPay(find(reservationId)), loadMine);
}

function find(reservationId) {
  return state.mine.find(r => r.reservationId === reservationId);
}

/** Seconds left to pay the reservation as of now, from what /reservations/mine said when it answered. */
function secondsToPay(r) {
  return r && r.secondsToPay !== null ? r.secondsToPay - (performance.now() - state.mineAt) / 1000 : Infinity;
}

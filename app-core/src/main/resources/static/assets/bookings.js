/* The "my bookings" screen: GET /reservations/mine (bookings-store.js), a card per reservation with what it
   lets the student do (pay, cancel, ask for a refund: sheets.js; partners), my waits and their offers, the
   invitations to me and a block. */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { page, $, h, toast } from './page.js';
import { bookings, ask, isNewest, take, takeOlder, find, subscribe } from './bookings-store.js';
import { courts, takeCalendar } from './courts-store.js';
import { yuan, dayLabel, wallTime, wallDeadline, playTime, dayTime, shareUsed } from './format.js';
import * as Sheets from './sheets.js';
import { showCheckIn } from './check-in.js';
import { partnersOf, invitationCard } from './partners.js';
import { countdown } from './clock.js';
import { moneyLines, paid } from './money.js';
import { bookingOffer } from './wechat-notices.js';
import { where } from './venues.js';

const t = I18N.t;
let offerTimer = null;

/** Redraws the list whenever my bookings change while it is on screen. */
export function start() {
  subscribe(() => {
    if (page.view === 'mine') {
      renderMine();
    }
  });
}

export async function loadMine() {
  const seq = ask();
  const epoch = page.epoch;
  // the block notice shows on my bookings only: the courts' refresh does not ask for it
  // the gym's today, when the page opened here and not on the courts: times of today are written without a date
  const [mine, standing, waits, invitations, payMode, calendar] = await Promise.all([Api.get('/reservations/mine'),
    page.view === 'mine' ? Api.get('/reservations/standing') : null, Api.get('/reservations/waits'),
    page.view === 'mine' ? Api.get('/reservations/invitations') : null,
    page.view === 'mine' ? Api.get('/pay/mode') : null,
    courts.calendar ? null : Api.get('/calendar')]);
  if (!isNewest(seq) || epoch !== page.epoch) {
    return; // a newer answer is coming, or it was for the student who signed out
  }
  if (calendar && calendar.status === 200 && !courts.calendar) {
    takeCalendar(calendar.data, performance.now());
  }
  if (payMode && payMode.status === 200) {
    Sheets.setPayMode(payMode.data);
    // which WeChat Pay runs, said plainly: simulated (no money moves) or live, with the gym's merchant name
    $('#pay-mode').textContent = payMode.data.simulated
      ? t('pay.simulatedShort') : t('pay.liveShort', payMode.data.merchantName);
  }
  if (mine.status !== 200 && mine.status !== 401 && !page.unreachable) {
    toast(mine.message); // an engine not reached, or in maintenance, has its banner saying so
  }
  take({ mine, standing, waits, invitations }, performance.now()); // its subscribers redraw
}

/** Brings the booking or offer a notice's link named into view, marked (none: nothing to do). */
let focused = null;

export function focus(target) {
  focused = target || null;
  const el = markFocused();
  if (el) {
    el.scrollIntoView({ block: 'center' });
  }
}

/** The card a notice's link named, marked again after each redraw; null when it is not on screen. */
function markFocused() {
  if (!focused) {
    return null;
  }
  const el = document.querySelector(focused.kind === 'booking'
    ? '#mine-list [data-reservation="' + focused.id + '"]' : '#mine-list .wait[data-slot="' + focused.id + '"]');
  if (el) {
    el.classList.add('focused');
  }
  return el;
}

export function renderMine() {
  const list = $('#mine-list');
  const empty = $('#mine-empty');
  empty.hidden = bookings.mine.length > 0 || bookings.waits.length > 0 || bookings.invitations.length > 0
    || bookings.older.length > 0;
  empty.textContent = t('mine.none');
  list.replaceChildren(...blockNotice(), ...bookings.invitations.map(i => invitationCard(i, loadMine)),
    ...bookings.waits.map(waitCard), ...bookings.mine.map(bookingCard));
  $('#mine-older-list').replaceChildren(...olderBookings());
  markFocused();
  clearInterval(offerTimer);
  if (bookings.waits.some(w => w.status === 'OFFERED')) {
    offerTimer = setInterval(tickOffers, 1000);
  }
}

const OLDER_PAGE = 20;

/* My older bookings (SPEC §8, §20): "my bookings" answers the upcoming ones and the last 30 days; what was played
   before comes a page at a time, only when asked for, each read and nothing more. */
function olderBookings() {
  const shown = bookings.older.map(pastCard);
  const end = bookings.olderDone
    ? h('p', { class: 'muted small', id: 'mine-older-none' }, t('mine.olderNone'))
    : h('button', { type: 'button', class: 'secondary', id: 'mine-older', onclick: loadOlder }, t('mine.older'));
  return [h('p', { class: 'muted small' }, t('mine.recentNote')),
    shown.length ? h('h2', { class: 'older-title' }, t('mine.olderTitle')) : null, ...shown, end]
    .filter(Boolean); // replaceChildren writes a null child as the text 'null'
}

export async function loadOlder(event) {
  const button = event && event.currentTarget;
  if (button) {
    button.disabled = true;
  }
  const epoch = page.epoch;
  const last = bookings.older[bookings.older.length - 1];
  const answer = await Api.get('/reservations/mine/history?size=' + OLDER_PAGE
    + (last ? '&before=' + last.reservationId : ''));
  if (epoch !== page.epoch) {
    return; // for the student who signed out
  }
  if (answer.status === 200) {
    takeOlder(answer.data, OLDER_PAGE); // its subscribers redraw
  } else {
    if (answer.status !== 401) {
      toast(answer.message);
    }
    if (button) {
      button.disabled = false;
    }
  }
}

/** A booking played before the last 30 days: what it was and how it ended; nothing left to do with it. */
function pastCard(r) {
  const lines = r.asPartner ? [h('p', { class: 'booked-by' }, t('partners.bookedBy', r.bookerName))] : [];
  if (r.checkedInTime) {
    lines.push(h('p', { class: 'checked-in' }, t('mine.checkedIn', playTime(r.checkedInTime, r.slotDate))));
  }
  if (r.status === 'CANCELLED' && r.cancelReason) {
    lines.push(h('p', { class: 'reason' }, t(r.asPartner && r.cancelReason === 'USER'
      ? 'partners.reason.USER' : 'mine.reason.' + r.cancelReason)));
  }
  lines.push(...moneyLines(r));
  const status = h('span', { class: 'badge badge-' + r.status }, t('mine.status.' + r.status));
  // a game played as a partner: marked so, with the booker's name, and not its price (the booker's to pay)
  const badges = r.asPartner
    ? h('span', { class: 'badges' }, h('span', { class: 'badge badge-partner' }, t('partners.theirs')), status)
    : status;
  return h('article', { class: 'booking past ' + (r.asPartner ? 'as-partner ' : '') + 'status-' + r.status,
    'data-reservation': r.reservationId },
    h('div', { class: 'booking-head' }, h('strong', { class: 'court-name' }, r.courtName), badges),
    h('p', { class: 'when' }, dayLabel(r.slotDate) + ' ' + r.startTime + '–' + r.endTime
      + (r.asPartner ? '' : ' · ¥' + yuan(paid(r)))),
    lines);
}

/** Seconds left to take an offer at {@code now}, from what /reservations/waits said at {@code readAt}. */
export function secondsToAccept(w, readAt, now) {
  return Math.max(0, Math.round(w.secondsToAccept - (now - readAt) / 1000));
}

/** The offers' countdowns, every second; an offer run out is read again (it went to the next student). */
function tickOffers() {
  let expired = false;
  for (const w of bookings.waits.filter(x => x.status === 'OFFERED')) {
    const left = secondsToAccept(w, bookings.mineAt, performance.now());
    const el = document.querySelector('.wait[data-slot="' + w.slotId + '"] .offer-left');
    if (el) {
      el.textContent = t('wait.offerLeft', countdown(left * 1000));
    }
    expired = expired || left === 0;
  }
  if (expired || page.view !== 'mine') {
    clearInterval(offerTimer);
    if (expired) {
      loadMine();
    }
  }
}

/** A wait of mine (SPEC §16): my place in the line, or the place offered to me with its countdown. */
function waitCard(w) {
  const when = dayLabel(w.slotDate) + ' ' + w.startTime + '–' + w.endTime;
  const offered = w.status === 'OFFERED';
  const actions = offered
    ? [h('button', { type: 'button', class: 'primary', onclick: () => takeOffer(w) }, t('wait.take')),
      h('button', { type: 'button', class: 'secondary', onclick: () => declineOffer(w) }, t('wait.decline'))]
    : [h('button', { type: 'button', class: 'secondary', onclick: () => leaveWait(w) }, t('wait.leave'))];
  return h('article', { class: 'booking wait status-' + w.status, 'data-slot': w.slotId },
    h('div', { class: 'booking-head' },
      h('strong', { class: 'court-name' }, w.courtName),
      h('span', { class: 'badge badge-' + (offered ? 'PENDING_PAYMENT' : 'PENDING') },
        t(offered ? 'wait.offered' : 'wait.waiting'))),
    h('p', { class: 'when' }, when + ' · ¥' + yuan(w.priceCents)),
    offered
      ? [h('p', { class: 'deadline' }, t('wait.heldUntil', wallDeadline(w.offerExpires))),
        h('p', { class: 'offer-left', role: 'timer' }, t('wait.offerLeft',
          countdown(secondsToAccept(w, bookings.mineAt, performance.now()) * 1000)))]
      : h('p', { class: 'muted' }, t('wait.position', w.position)),
    h('div', { class: 'actions' }, actions));
}

/** One tap takes the offer: a grant like any other; once recorded, the pay sheet opens. */
async function takeOffer(w) {
  const a = await Api.post('/reserve/offers/' + w.slotId + '/accept', { sessionId: w.sessionId });
  if (a.status !== 202) {
    if (a.status !== 401) {
      toast(a.code === 'SHARE_USED' ? shareUsed(a.data) : a.message);
    }
    await loadMine();
    return;
  }
  toast(a.message);
  for (let i = 0; i < 20; i++) {
    await new Promise(resolve => setTimeout(resolve, 500));
    const r = await Api.get('/reserve/result/' + encodeURIComponent(a.data.traceId));
    if (r.status === 200 && r.data.status === 'SUCCESS') {
      await loadMine();
      openPay(r.data.reservationId);
      return;
    }
    if (r.status === 200 && r.data.status === 'FAILED') {
      toast(r.data.reason || r.message);
      break;
    }
  }
  await loadMine();
}

async function declineOffer(w) {
  const a = await Api.post('/reserve/offers/' + w.slotId + '/decline');
  if (a.status !== 401) {
    toast(a.message);
  }
  await loadMine();
}

async function leaveWait(w) {
  const a = await Api.del('/reserve/waitlist/' + w.slotId);
  if (a.status !== 401) {
    toast(a.message);
  }
  await loadMine();
}

/** Joins a sold-out slot's waitlist; the note says the place in line. */
export async function joinWaitlist(sessionId, slotId) {
  const a = await Api.post('/reserve/waitlist', { sessionId, slotId });
  if (a.status === 200) {
    await loadMine();
  }
  return a;
}

/** A student blocked by no-show strikes is told until when, and why (SPEC §16). */
function blockNotice() {
  const standing = bookings.standing;
  if (!standing || !standing.blockedUntil) {
    return [];
  }
  return [h('p', { class: 'notice error blocked', role: 'status' },
    standing.counting > 0
      ? t('standing.blocked', dayTime(standing.blockedUntil), standing.counting, standing.windowDays)
      : t('standing.blockedPlain', dayTime(standing.blockedUntil)))];
}

function bookingCard(r) {
  if (r.asPartner) {
    return partnersBookingCard(r);
  }
  const lines = [];
  if (r.checkedInTime) {
    lines.push(h('p', { class: 'checked-in' }, t('mine.checkedIn', playTime(r.checkedInTime, r.slotDate))));
  }
  if (r.status === 'PENDING_PAYMENT') {
    lines.push(h('p', { class: 'deadline' }, t('mine.payBy', wallDeadline(r.payBy))));
  } else if (r.status === 'CONFIRMED') {
    lines.push(h('p', { class: 'muted' }, r.checkedInTime ? t('mine.refundAtDesk') : r.refundOpen
      ? t('mine.refundUntil', wallTime(r.refundUntil)) : t('mine.refundClosed', wallTime(r.refundUntil))));
  } else if (r.status === 'CANCELLED' && r.cancelReason) {
    lines.push(h('p', { class: 'reason' }, t('mine.reason.' + r.cancelReason)));
    if (r.note && (r.cancelReason === 'STAFF' || r.cancelReason === 'REFUND')) {
      lines.push(h('p', { class: 'reason-note' }, t('mine.reasonNote', r.note)));
    }
  }
  lines.push(...moneyLines(r));
  const actions = [];
  if (r.status === 'PENDING_PAYMENT') {
    actions.push(h('button', { type: 'button', class: 'primary', onclick: () => openPay(r.reservationId) },
      t('mine.pay')));
    actions.push(h('button', { type: 'button', class: 'secondary', onclick: () => Sheets.confirmCancel(r, loadMine) },
      t('mine.cancel')));
  } else if (r.status === 'CONFIRMED') {
    actions.push(h('button', { type: 'button', class: 'primary', onclick: () => showCheckIn(r, loadMine) },
      t('mine.checkIn')));
    if (r.refundOpen && !r.checkedInTime) { // checked in, the game is being played: a refund is the desk's
      actions.push(h('button', { type: 'button', class: 'secondary', onclick: () => Sheets.askRefund(r, loadMine) },
        t('mine.refund')));
    }
  }
  if (r.status === 'PENDING_PAYMENT' || r.status === 'CONFIRMED') {
    actions.push(h('button', { type: 'button', class: 'secondary add-calendar', onclick: () => addToCalendar(r) },
      t('mine.addToCalendar')));
  }
  if (r.money && r.money.paidCents > 0) { // a paid booking's receipt, to file (SPEC §21)
    actions.push(h('button', { type: 'button', class: 'secondary receipt', onclick: () => downloadReceipt(r) },
      t('mine.receipt')));
  }
  return h('article', { class: 'booking status-' + r.status, 'data-reservation': r.reservationId },
    h('div', { class: 'booking-head' },
      h('strong', { class: 'court-name' }, r.courtName),
      h('span', { class: 'badge badge-' + r.status }, t('mine.status.' + r.status))),
    h('p', { class: 'when' }, dayLabel(r.slotDate) + ' ' + r.startTime + '–' + r.endTime + ' · ¥'
      + yuan(paid(r))),
    where(r) ? h('p', { class: 'where' }, where(r)) : null,
    lines,
    actions.length ? h('div', { class: 'actions' }, actions) : null,
    bookingOffer(r), // inside WeChat: WeChat's own button to have this booking's notices there
    r.status === 'PENDING_PAYMENT' || r.status === 'CONFIRMED' ? partnersOf(r, loadMine) : null);
}

/* Another student's booking this one accepted being a partner on (SPEC §17, issue 55): the game as theirs to play —
   marked as a partner's, with the booker's name, its check-in code (the booking's own, which the desk searches) and
   its calendar event — and nothing that is the booker's to do: no pay, cancel, refund, nor naming partners. */
function partnersBookingCard(r) {
  const lines = [h('p', { class: 'booked-by' }, t('partners.bookedBy', r.bookerName))];
  if (r.checkedInTime) {
    lines.push(h('p', { class: 'checked-in' }, t('mine.checkedIn', playTime(r.checkedInTime, r.slotDate))));
  }
  if (r.status === 'PENDING_PAYMENT') {
    lines.push(h('p', { class: 'muted' }, t('partners.toBePaid', r.bookerName)));
  } else if (r.status === 'CANCELLED' && r.cancelReason) {
    lines.push(h('p', { class: 'reason' },
      t(r.cancelReason === 'USER' ? 'partners.reason.USER' : 'mine.reason.' + r.cancelReason)));
  }
  const actions = [];
  if (r.status === 'CONFIRMED') {
    actions.push(h('button', { type: 'button', class: 'primary', onclick: () => showCheckIn(r) },
      t('mine.checkIn')));
  }
  if (r.status === 'PENDING_PAYMENT' || r.status === 'CONFIRMED') {
    actions.push(h('button', { type: 'button', class: 'secondary add-calendar', onclick: () => addToCalendar(r) },
      t('mine.addToCalendar')));
  }
  return h('article', { class: 'booking as-partner status-' + r.status, 'data-reservation': r.reservationId },
    h('div', { class: 'booking-head' },
      h('strong', { class: 'court-name' }, r.courtName),
      h('span', { class: 'badges' },
        h('span', { class: 'badge badge-partner' }, t('partners.theirs')),
        h('span', { class: 'badge badge-' + r.status }, t('mine.status.' + r.status)))),
    h('p', { class: 'when' }, dayLabel(r.slotDate) + ' ' + r.startTime + '–' + r.endTime),
    lines,
    actions.length ? h('div', { class: 'actions' }, actions) : null);
}

/**
 * The booking as an .ics file for the phone's calendar. The sign-in token goes in the Authorization header,
 * never in a URL: the file is fetched, then handed to the browser as a download.
 */
const addToCalendar = (r) => download('/reservations/' + r.reservationId + '/calendar.ics', 'courtrush-' + r.reservationId + '.ics');
/** A paid booking's receipt as a PDF, in the page's language, fetched as the calendar file is. */
const downloadReceipt = (r) => download('/reservations/' + r.reservationId + '/receipt.pdf', 'courtrush-receipt-' + r.reservationId + '.pdf');

async function download(path, name) {
  const file = await Api.download(path);
  if (!file.blob) {
    if (file.status !== 401) {
      toast(file.message);
    }
    return;
  }
  const url = URL.createObjectURL(file.blob);
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Back from WeChat Pay's page: watches the reservation that was being paid until it is confirmed. */
export function resumePayment() {
  Sheets.resumePayment(loadMine);
}

/** The pay sheet of one of my reservations: it pays until the reservation's own deadline at most. */
export function openPay(reservationId) {
  return Sheets.openPay(reservationId,
    () => secondsToPay(find(reservationId), bookings.mineAt, performance.now()), loadMine);
}

/** Seconds left to pay the reservation at {@code now}, from what /reservations/mine said at {@code readAt}. */
export function secondsToPay(r, readAt, now) {
  return r && r.secondsToPay !== null ? r.secondsToPay - (now - readAt) / 1000 : Infinity;
}

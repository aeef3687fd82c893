/* The phone keeps up (issue 55): the open check-in sheet turns to "checked in at …" when the desk scans it, and my
   bookings are read again when the change stamp of the badge's answer moves; both wait longer after failures. */
import { I18N } from '/assets/i18n.js';
import { Session } from '/assets/api.js';
import { closeSheet } from '/assets/sheets.js';
import { showCheckIn, checkInPollDelay } from '/assets/check-in.js';
import { watchBadge, whenChanged, forgetNotices, badgeDelay } from '/assets/notices.js';
import { renderMine, loadMine } from '/assets/bookings.js';
import * as Bookings from '/assets/bookings-store.js';
import { showView } from '/assets/page.js';
import { fixture, fakeEngine, reply, settle } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const SHEET = '<dialog id="sheet"></dialog><div id="toast" hidden></div>';
const LIST = '<div id="mine-list"></div><p id="mine-empty" hidden></p><div id="mine-older-list"></div>'
  + '<span id="inbox-badge" hidden></span><button id="inbox-read-all" hidden></button><span id="pay-mode"></span>'
  + '<div id="inbox-list"></div><div id="toast" hidden></div>';
const booking = (fields) => Object.assign({ reservationId: 5, slotId: 7, courtName: 'Court 1', slotDate: '2026-11-26',
  startTime: '18:00', endTime: '19:00', priceCents: 2000, status: 'CONFIRMED', refundOpen: false,
  refundUntil: '2026-11-26T16:00:00', payBy: '2026-11-26T13:05:00', partners: [] }, fields);
const CODES = { reservationId: 5, code: 'ABC234', qrText: 'CI1.5.x', qrSvg: '<svg><path d="M0 0h1v1H0z"/></svg>',
  validFrom: '2026-11-26T17:30:00', validUntil: '2026-11-26T19:00:00', noShowAfter: '2026-11-26T18:15:00',
  checkedInTime: null };

/** The page looked at again: what the sheet and the badge do then, at once (no waiting for their timers). */
function lookedAtAgain() {
  document.dispatchEvent(new Event('visibilitychange'));
}

export default {
  'the sheet asks every 2–3 s, longer after failures (up to 15 s), never before Retry-After'() {
    same([checkInPollDelay(0, 0, 0), checkInPollDelay(0, 0, 0.999) < 3000, checkInPollDelay(1, 0, 0.5),
      checkInPollDelay(2, 0, 0.5), checkInPollDelay(9, 0, 0.5), checkInPollDelay(0, 10, 0.5)],
    [2000, true, 4000, 8000, 15000, 10000], 'the delays');
  },

  'the badge asks every 4–7 s on my bookings, else each minute; failures wait longer, up to a minute'() {
    same([badgeDelay('mine', 0, 0, 0), badgeDelay('mine', 0, 0, 0.999) < 7000, badgeDelay('slots', 0, 0, 0.5),
      badgeDelay('mine', 1, 0, 0), badgeDelay('mine', 3, 0, 0), badgeDelay('mine', 9, 0, 0),
      badgeDelay('slots', 2, 0, 0), badgeDelay('mine', 0, 30, 0)],
    [4000, true, 60000, 8000, 32000, 60000, 60000, 30000], 'the delays');
  },

  async 'the check-in sheet turns to "checked in at" when the desk scans it, and my bookings are read again'() {
    const remove = fixture(SHEET);
    let checkedIn = null;
    let changed = 0;
    const engine = fakeEngine((method, path) => {
      if (path === '/reservations/5/check-in') {
        return reply(200, CODES);
      }
      if (path === '/reservations/5/check-in/state') {
        return reply(200, { reservationId: 5, status: 'CONFIRMED', checkedInTime: checkedIn });
      }
      return null;
    });
    try {
      await showCheckIn(booking({}), () => { changed++; });
      const sheet = document.querySelector('#sheet');
      const state = () => sheet.querySelector('.check-in-state');
      equal(sheet.open, true, 'open');
      equal(sheet.querySelector('.qr').hidden, false, 'the QR code to scan');
      equal(state().textContent, t('checkIn.window', '17:30', '19:00', '18:15'), 'when the desk takes it, on the day');
      lookedAtAgain();
      await settle(20);
      equal(engine.calls.filter(c => c.path.endsWith('/check-in/state')).length, 1, 'asked');
      same([state().classList.contains('checked-in-now'), changed], [false, 0], 'not yet');
      equal(sheet.querySelector('.qr').hidden, false, 'still the QR code');
      checkedIn = '2026-11-26T18:02:00';
      lookedAtAgain(); // the desk scanned it: the next answer says so
      await settle(20);
      equal(state().textContent, t('checkIn.done', '18:02'), 'checked in at 18:02 (the play date: no date)');
      equal(state().classList.contains('checked-in-now'), true, 'said plainly');
      equal(sheet.querySelector('.qr').hidden, true, 'no code to show any more');
      equal(changed, 1, 'my bookings read again');
      const asked = engine.calls.length;
      lookedAtAgain();
      await settle(20);
      equal(engine.calls.length, asked, 'nothing more asked once checked in');
    } finally {
      closeSheet();
      engine.restore();
      remove();
    }
  },

  async 'the check-in sheet stops asking when it is closed, and says so when the booking ended'() {
    const remove = fixture(SHEET);
    let status = 'CONFIRMED';
    const engine = fakeEngine((method, path) => {
      if (path === '/reservations/5/check-in') {
        return reply(200, CODES);
      }
      return path === '/reservations/5/check-in/state'
        ? reply(200, { reservationId: 5, status, checkedInTime: null }) : null;
    });
    try {
      await showCheckIn(booking({}), () => {});
      closeSheet();
      lookedAtAgain();
      await settle(20);
      equal(engine.calls.filter(c => c.path.endsWith('/check-in/state')).length, 0, 'closed: nothing asked');
      await showCheckIn(booking({}), () => {});
      status = 'CANCELLED';
      lookedAtAgain();
      await settle(20);
      equal(document.querySelector('#sheet .check-in-state').textContent, t('checkIn.ended'), 'ended');
      equal(document.querySelector('#sheet .qr').hidden, true, 'no code to show');
    } finally {
      closeSheet();
      engine.restore();
      remove();
    }
  },

  async 'my bookings are read again, and the cards redrawn, when the change stamp moves — not before'() {
    const remove = fixture(LIST);
    let changes = '7.3';
    let status = 'PENDING_PAYMENT';
    const engine = fakeEngine((method, path) => {
      if (path === '/notices/unread') {
        return reply(200, { unread: 1, changes });
      }
      if (path === '/reservations/mine') {
        return reply(200, [booking({ status })]);
      }
      return path.startsWith('/reservations/') || path === '/pay/mode' ? reply(200, []) : null;
    });
    Session.save({ token: 'token', expiresAt: new Date(Date.now() + 3600000).toISOString(), studentId: 's1' });
    showView('mine');
    whenChanged(async () => {
      await loadMine();
      renderMine();
    });
    try {
      Bookings.take({ mine: { status: 200, data: [booking({ status })] } }, performance.now());
      renderMine();
      const badge = () => document.querySelector('#mine-list .booking .badge').textContent;
      equal(badge(), t('mine.status.PENDING_PAYMENT'), 'to pay');
      await watchBadge();
      await settle(20);
      equal(engine.calls.filter(c => c.path === '/reservations/mine').length, 0, 'the first stamp: nothing to read');
      await watchBadge();
      await settle(20);
      equal(engine.calls.filter(c => c.path === '/reservations/mine').length, 0, 'the same stamp: nothing to read');
      status = 'CONFIRMED';
      changes = '8.4'; // the desk marked it paid: a notice written with it
      await watchBadge();
      await settle(20);
      equal(engine.calls.filter(c => c.path === '/reservations/mine').length, 1, 'read again once');
      equal(badge(), t('mine.status.CONFIRMED'), 'the card says paid');
    } finally {
      forgetNotices();
      whenChanged(() => {});
      engine.restore();
      Session.clear();
      Bookings.forget();
      showView(null);
      remove();
    }
  }
};

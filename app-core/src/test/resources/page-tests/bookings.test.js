/* My bookings: what the list shows from the store, what each card lets the student do, and which answer
   of /reservations/mine counts. */
import { I18N } from '/assets/i18n.js';
import { countdown } from '/assets/clock.js';
import { renderMine, loadMine, loadOlder, secondsToPay, secondsToAccept } from '/assets/bookings.js';
import * as Bookings from '/assets/bookings-store.js';
import { nextEpoch } from '/assets/page.js';
import { closeSheet, slotWords } from '/assets/sheets.js';
import { fixture, fakeEngine, reply, settle, later } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const LIST = '<div id="mine-list"></div><p id="mine-empty" hidden></p><div id="mine-older-list"></div>'
  + '<div id="toast" hidden></div>';
const booking = (fields) => Object.assign({ reservationId: 1, slotId: 7, courtName: 'Court 1', slotDate: '2026-11-26',
  startTime: '18:00', endTime: '19:00', priceCents: 2000, status: 'CONFIRMED', refundOpen: false,
  refundUntil: '2026-11-26T16:00:00', payBy: '2026-11-26T13:05:00', partners: [] }, fields);
const ok = (data) => ({ status: 200, data });

function buttons(card) {
  return [...card.querySelectorAll(':scope > .actions button')].map(b => b.textContent);
}

export default {
  'each booking says what it lets the student do'() {
    const remove = fixture(LIST);
    try {
      Bookings.take({
        mine: ok([booking({ reservationId: 1, status: 'PENDING_PAYMENT' }),
          booking({ reservationId: 2, status: 'CONFIRMED', refundOpen: true }),
          booking({ reservationId: 3, status: 'CANCELLED', cancelReason: 'STAFF', note: 'rain' })]),
        waits: ok([]), invitations: ok([]), standing: ok(null)
      }, performance.now());
      renderMine();
      const cards = [...document.querySelectorAll('#mine-list .booking')];
      equal(cards.length, 3, 'a card each');
      same(buttons(cards[0]), [t('mine.pay'), t('mine.cancel'), t('mine.addToCalendar')], 'to pay');
      same(buttons(cards[1]), [t('mine.checkIn'), t('mine.refund'), t('mine.addToCalendar')], 'paid, refund open');
      same(buttons(cards[2]), [], 'cancelled');
      equal(cards[2].querySelector('.reason-note').textContent, t('mine.reasonNote', 'rain'), "the staff's reason");
      equal(cards[0].querySelector('.partners') !== null && cards[2].querySelector('.partners') === null, true,
        'partners only on an active booking');
      equal(document.querySelector('#mine-empty').hidden, true, 'not empty');
    } finally {
      Bookings.forget();
      remove();
    }
  },

  "a partner's booking is marked as one, names its booker and offers only what a partner may do"() {
    const remove = fixture(LIST);
    try {
      const partner = { asPartner: true, bookerName: 'Li Lei', refundOpen: null, refundUntil: null, payBy: null };
      Bookings.take({
        mine: ok([booking(Object.assign({ reservationId: 5, status: 'CONFIRMED' }, partner)),
          booking(Object.assign({ reservationId: 6, status: 'PENDING_PAYMENT' }, partner)),
          booking(Object.assign({ reservationId: 7, status: 'CANCELLED', cancelReason: 'USER' }, partner)),
          booking({ reservationId: 8, status: 'CONFIRMED', refundOpen: true })]),
        waits: ok([]), invitations: ok([]), standing: ok(null)
      }, performance.now());
      renderMine();
      const [paid, unpaid, cancelled, own] = [...document.querySelectorAll('#mine-list .booking')];
      equal(paid.querySelector('.badge-partner').textContent, t('partners.theirs'), "marked as a partner's");
      equal(paid.querySelector('.booked-by').textContent, t('partners.bookedBy', 'Li Lei'), "the booker's name");
      same(buttons(paid), [t('mine.checkIn'), t('mine.addToCalendar')], 'check in and add to a calendar, no refund');
      same(buttons(unpaid), [t('mine.addToCalendar')], 'nothing to pay or cancel');
      equal(unpaid.textContent.includes(t('partners.toBePaid', 'Li Lei')), true, 'the booker pays');
      same(buttons(cancelled), [], 'cancelled');
      equal(cancelled.querySelector('.reason').textContent, t('partners.reason.USER'), 'the booker cancelled it');
      equal([paid, unpaid, cancelled].every(card => card.querySelector('.partners, .deadline') === null), true,
        'no partners to name, no deadline of the booker');
      equal(own.querySelector('.badge-partner'), null, 'an own booking is not marked');
      same(buttons(own), [t('mine.checkIn'), t('mine.refund'), t('mine.addToCalendar')], 'an own booking as before');
    } finally {
      Bookings.forget();
      remove();
    }
  },

  'a block, an offer and an invitation come before the bookings; nothing at all says so'() {
    const remove = fixture(LIST);
    try {
      Bookings.take({
        mine: ok([booking({})]),
        standing: ok({ blockedUntil: '2026-12-03T00:00:00', counting: 3, windowDays: 30 }),
        waits: ok([{ slotId: 8, sessionId: 1, status: 'OFFERED', secondsToAccept: 300, courtName: 'Court 2',
          slotDate: '2026-11-26', startTime: '19:00', endTime: '20:00', priceCents: 2000,
          offerExpires: '2026-11-26T13:10:00' }]),
        invitations: ok([{ id: 4, courtName: 'Court 3', slotDate: '2026-11-26', startTime: '18:00',
          endTime: '19:00', bookerName: 'Li Lei' }])
      }, performance.now());
      renderMine();
      const list = document.querySelector('#mine-list');
      same([...list.children].map(c => c.className),
        ['notice error blocked', 'booking invitation', 'booking wait status-OFFERED', 'booking status-CONFIRMED'],
        'in that order');
      equal(list.querySelector('.offer-left').textContent, t('wait.offerLeft', countdown(300000)), 'the time left to take it');
      Bookings.forget();
      renderMine();
      same([list.children.length, document.querySelector('#mine-empty').hidden,
        document.querySelector('#mine-empty').textContent], [0, false, t('mine.none')], 'nothing');
    } finally {
      Bookings.forget();
      remove();
    }
  },

  async 'an older answer, or one for a student who signed out, is dropped'() {
    const answers = [later(), later()];
    let asked = 0;
    const engine = fakeEngine((method, path) => path === '/reservations/mine' ? answers[asked++].promise
      : reply(200, []));
    try {
      const first = loadMine();
      const second = loadMine();
      answers[1].release(reply(200, [booking({ reservationId: 22 })]));
      answers[0].release(reply(200, [booking({ reservationId: 11 })]));
      await Promise.all([first, second]);
      same(Bookings.bookings.mine.map(r => r.reservationId), [22], 'the newest read');

      const late = later();
      answers.splice(0, 2, late);
      asked = 0;
      const third = loadMine();
      nextEpoch();
      late.release(reply(200, [booking({ reservationId: 33 })]));
      await third;
      same(Bookings.bookings.mine.map(r => r.reservationId), [22], "the signed-out student's answer ignored");
    } finally {
      engine.restore();
      Bookings.forget();
    }
  },

  async 'older bookings are read only when asked for, a page at a time, after the last one shown'() {
    const remove = fixture(LIST);
    const pages = [[...Array(20).keys()].map(i => booking({ reservationId: 100 - i, slotDate: '2026-09-01' })),
      [booking({ reservationId: 41, slotDate: '2026-08-02', asPartner: true, bookerName: 'Li Lei' }),
        booking({ reservationId: 40, slotDate: '2026-08-01', status: 'CANCELLED', cancelReason: 'NO_SHOW' })]];
    const engine = fakeEngine((method, path) => path.startsWith('/reservations/mine/history')
      ? reply(200, pages.shift()) : null);
    try {
      Bookings.take({ mine: ok([booking({})]), waits: ok([]), invitations: ok([]), standing: ok(null) },
        performance.now());
      renderMine();
      const older = document.querySelector('#mine-older-list');
      equal(engine.calls.length, 0, 'nothing older read unasked');
      equal(older.querySelector('#mine-older').textContent, t('mine.older'), 'the way to ask');
      await loadOlder();
      renderMine();
      equal(older.querySelectorAll('.booking.past').length, 20, 'a page');
      same(buttons(older.querySelector('.booking.past')), [], 'nothing to do with a booking long played');
      await loadOlder();
      renderMine();
      same(engine.calls.map(c => c.path), ['/reservations/mine/history?size=20',
        '/reservations/mine/history?size=20&before=81'], 'each page after the last one shown');
      equal(older.querySelectorAll('.booking.past').length, 22, 'and the last, short');
      equal(older.querySelector('.booking.past:last-of-type .reason').textContent, t('mine.reason.NO_SHOW'),
        'how it ended');
      const played = older.querySelector('.booking.past[data-reservation="41"]');
      equal(played.querySelector('.badge-partner').textContent, t('partners.theirs'), "a partner's game, marked");
      equal(played.querySelector('.booked-by').textContent, t('partners.bookedBy', 'Li Lei'), "the booker's name");
      equal(played.querySelector('.when').textContent.includes('¥'), false, "no price: the booker's to pay");
      equal(older.querySelector('.booking.past[data-reservation="40"] .badge-partner'), null, 'an own one is not');
      same([older.querySelector('#mine-older'), older.querySelector('#mine-older-none').textContent],
        [null, t('mine.olderNone')], 'no more to ask for');
      Bookings.forget();
      renderMine();
      equal(older.querySelectorAll('.booking.past').length, 0, "a student's older bookings go when they sign out");
    } finally {
      engine.restore();
      Bookings.forget();
      remove();
    }
  },

  /* Issue 74: after ¥10 of ¥20 went back the card said ¥20.00 and the refund offered ¥20.00; a refund on its way was
     "refunded", and one that never came said nothing. In both languages. */
  'a card tells money back by where it is and a refund offers only what is left'() {
    const remove = fixture(LIST + '<dialog id="sheet"></dialog>');
    const money = (refunded, refunding, notRefunded) => ({ paidCents: 2000, refundedCents: refunded,
      refundingCents: refunding, notRefundedCents: notRefunded, leftCents: 2000 - refunded - refunding - notRefunded });
    try {
      for (const lang of ['zh', 'en']) {
        I18N.set(lang);
        Bookings.take({
          mine: ok([booking({ reservationId: 1, refundOpen: true, money: money(1000, 0, 0) }),
            booking({ reservationId: 2, money: money(0, 500, 0) }),
            booking({ reservationId: 3, money: money(0, 0, 500) }),
            booking({ reservationId: 4, status: 'CANCELLED', cancelReason: 'REFUND', money: money(0, 2000, 0) })]),
          waits: ok([]), invitations: ok([]), standing: ok(null)
        }, performance.now());
        renderMine();
        const card = (id) => document.querySelector('#mine-list [data-reservation="' + id + '"]');
        const says = (id) => [...card(id).querySelectorAll('.money')].map(p => p.textContent);
        same(says(1), [t('money.refunded', '10.00')], lang + ': ¥10 back');
        same(says(2), [t('money.refunding', '5.00')], lang + ': on its way, not refunded');
        same(says(3), [t('money.notRefunded', '5.00')], lang + ': never came, and what happens next');
        equal(card(3).querySelector('.money').getAttribute('role'), 'status', lang + ': said to a screen reader');
        same(says(4), [t('money.refunding', '20.00')], lang + ': a whole refund on its way');
        equal(card(4).querySelector('.reason').textContent, t('mine.reason.REFUND'), lang + ': why it ended');
        equal(card(4).textContent.includes(t('money.refunded', '20.00')), false, lang + ': not yet refunded');

        [...card(1).querySelectorAll('.actions button')].find(b => b.textContent === t('mine.refund')).click();
        const asked = document.querySelector('#sheet .refund-amount').textContent;
        equal(asked, t('refund.bodyRest', ...slotWords(booking({})), '10.00', '20.00'),
          lang + ': the rest, not the whole');
        closeSheet();
      }
    } finally {
      I18N.set('zh');
      closeSheet();
      Bookings.forget();
      remove();
    }
  },

  'the time to pay and to take an offer runs from when the engine said it'() {
    equal(secondsToPay({ secondsToPay: 600 }, 1000, 31000), 570, '30 s later');
    equal(secondsToPay({ secondsToPay: null }, 0, 0), Infinity, 'no deadline');
    equal(secondsToPay(undefined, 0, 0), Infinity, 'not found');
    equal(secondsToAccept({ secondsToAccept: 300 }, 0, 10400), 290, 'rounded');
    equal(secondsToAccept({ secondsToAccept: 5 }, 0, 60000), 0, 'never below 0');
  }
};

/* The courts screen: its days, its courts in order, what a gate shows, the refresh's pauses, what a slot's
   row shows and the note under it, and when the booking-pass panel shows and what it does with an answer. */
import { I18N } from '/assets/i18n.js';
import { countdown } from '/assets/clock.js';
import { courtsOf, gateView, slotsDelay, openingTitles } from '/assets/courts.js';
import { rowView, noteFor } from '/assets/court-rows.js';
import { passNear, buildPassPanel, refreshPass, answerPass } from '/assets/passes.js';
import * as Taps from '/assets/tap-store.js';
import * as Bookings from '/assets/bookings-store.js';
import * as Courts from '/assets/courts-store.js';
import { dayChips } from '/assets/courts-store.js';
import { fakeEngine, reply, settle } from './support.js';
import { dayLabel } from '/assets/format.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const slot = (fields) => Object.assign({ slotId: 7, courtId: 1, courtName: 'Court 1', slotDate: '2026-11-26',
  startTime: '18:00', endTime: '19:00', permitsLeft: 2, capacity: 3, priceCents: 2000, started: false }, fields);
const seen = (fields) => Object.assign({ mine: undefined, draw: null, gate: { phase: 'open', msLeft: 0 },
  entered: false, queued: false, sending: false, waitMs: 0, wishes: [] }, fields);
const opening = (fields) => Object.assign({ sessionId: 1, sessionDate: '2026-11-26', fairDraw: false, slots: [] },
  fields);

export default {
  'the days: today, tomorrow, each date with an opening and the date on screen, in order'() {
    const calendar = { openings: [{ sessionDate: '2026-11-30' }, { sessionDate: '2026-11-27' }] };
    const days = dayChips('2026-11-26', calendar, '2026-12-05');
    same(days.map(d => d.date), ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-05'], 'the dates');
    same(days.map(d => d.name).slice(0, 2), [t('day.today'), t('day.tomorrow')], 'named');
    same(days.map(d => d.hasOpening), [false, true, true, false], 'marked where an opening is');
    same(days.map(d => d.active), [false, false, false, true], 'the one on screen');
  },

  "the days of the venue picked: only its openings' dates are marked, and the first day is its next opening"() {
    const calendar = { openings: [{ sessionDate: '2026-11-27', venueId: 1, state: 'SCHEDULED' },
      { sessionDate: '2026-11-28', venueId: 2, state: 'SCHEDULED' }] };
    const days = dayChips('2026-11-26', calendar, '2026-11-26', 2);
    same(days.map(d => d.date), ['2026-11-26', '2026-11-27', '2026-11-28'], 'the dates');
    same(days.map(d => d.hasOpening), [false, false, true], "only the table-tennis room's marked");
    same(dayChips('2026-11-26', calendar, '2026-11-26', null).map(d => d.hasOpening), [false, true, true],
      'no choice: every opening');
    Courts.takeCalendar(calendar, 0);
    equal(Courts.defaultDate('2026-11-26', 2), '2026-11-28', "the table-tennis room's next opening");
    equal(Courts.defaultDate('2026-11-26', null), '2026-11-27', "the centre's next opening");
    equal(Courts.defaultDate('2026-11-26', 3), '2026-11-26', 'a venue without one: today');
  },

  'courts read by name, court 2 before court 10, each slot by time'() {
    const courts = courtsOf(opening({ slots: [
      slot({ slotId: 1, courtId: 10, courtName: 'Court 10', startTime: '19:00' }),
      slot({ slotId: 2, courtId: 2, courtName: 'Court 2', startTime: '20:00' }),
      slot({ slotId: 3, courtId: 2, courtName: 'Court 2', startTime: '18:00' })] }));
    same(courts.map(c => c.name), ['Court 2', 'Court 10'], 'the courts');
    same(courts[0].slots.map(s => s.slotId), [3, 2], "court 2's slots");
  },

  'openings on one date each have their own heading: their hours, then their courts, then their place'() {
    const day = dayLabel('2026-11-26');
    same(openingTitles([opening({ slots: [slot({})] })]), [t('opening.title', day)], 'alone on its date: the date');
    const morning = opening({ sessionId: 1, slots: [slot({ startTime: '08:00', endTime: '09:00' }),
      slot({ slotId: 8, startTime: '09:00', endTime: '10:00' })] });
    const evening = (id, courtName) => opening({ sessionId: id, slots: [slot({ slotId: id * 10, courtId: id, courtName,
      startTime: '18:00', endTime: '19:00' })] });
    const titles = openingTitles([morning, evening(2, 'Court 2'), evening(3, 'Court 3'), evening(4, 'Court 3')]);
    same(titles, [
      t('opening.titleHours', day, '08:00–10:00'),
      t('opening.titleCourts', t('opening.titleHours', day, '18:00–19:00'), 'Court 2'),
      t('opening.titleNth', t('opening.titleCourts', t('opening.titleHours', day, '18:00–19:00'), 'Court 3'), 3),
      t('opening.titleNth', t('opening.titleCourts', t('opening.titleHours', day, '18:00–19:00'), 'Court 3'), 4)],
      'three openings of a date: each heading its own');
    equal(new Set(titles).size, titles.length, 'no two alike');
  },

  'a gate counts down, says "just now" when due, and a draw its close in tenths at the end'() {
    const soon = gateView({ phase: 'soon', msLeft: 125000 }, null, null);
    same([soon.className, soon.label, soon.time, soon.remind],
      ['gate gate-soon', t('opening.opensIn'), countdown(125000), true], 'minutes before');
    equal(gateView({ phase: 'soon', msLeft: 30000 }, null, null).remind, false, 'too late to remind');
    same([gateView({ phase: 'soon', msLeft: 0 }, null, null).label, gateView({ phase: 'soon', msLeft: 0 }, null, null).time],
      [t('opening.justNow'), ''], 'due, not yet opened by the engine');
    equal(gateView({ phase: 'open', msLeft: 0 }, null, null).label, t('opening.open'), 'open');
    equal(gateView({ phase: 'closed' }, null, null).label, t('opening.closed'), 'closed');
    const closing = gateView({ phase: 'open', msLeft: 0 }, { phase: 'open', msLeft: 9460 }, null);
    same([closing.className, closing.label, closing.time], ['gate gate-open draw-open', t('draw.open'), '9.5 s'],
      "a draw's last ten seconds");
    equal(gateView({ phase: 'open' }, { phase: 'open', msLeft: 65000 }, null).time, countdown(65000), 'before them');
    const before = gateView({ phase: 'soon', msLeft: 600000 }, { phase: 'before' }, 120000);
    same([before.label, before.time], [t('draw.entryOpensIn'), countdown(120000)], "until the draw's warm-up");
    equal(gateView({ phase: 'open' }, { phase: 'drawn' }, null).label, t('draw.drawn'), 'drawn');
  },

  'the slots are read every 4-7 s, and while answers are missed after growing pauses up to 15 s'() {
    equal(slotsDelay(0, null, 0), 4000, 'no jitter');
    equal(slotsDelay(0, null, 1), 7000, 'the most jitter');
    equal(slotsDelay(1, null, 0), 8000, 'one missed');
    equal(slotsDelay(2, null, 0), 15000, 'two: at most 15 s');
    equal(slotsDelay(5, null, 0.5), 16500, 'many, with jitter');
    equal(slotsDelay(1, 20, 0), 20000, 'never before Retry-After');
  },

  'a row shows the price of what I book as, or that the venue is not open to me'() {
    const priced = slot({ priceCents: 1500, prices: { STUDENT: 1500, FACULTY: 3000 } });
    equal(rowView(opening(), priced, seen({ category: 'FACULTY' })).meta.startsWith(t('slot.price', '30.00')), true,
      'faculty: the faculty price');
    equal(rowView(opening(), priced, seen({ category: 'STUDENT' })).meta.startsWith(t('slot.price', '15.00')), true,
      'a student: the student price');
    equal(rowView(opening(), priced, seen({})).meta.startsWith(t('slot.price', '15.00')), true,
      'not said: a student');
    const studentsOnly = slot({ prices: { STUDENT: 1500 } });
    equal(rowView(opening(), studentsOnly, seen({ category: 'FACULTY' })).meta.startsWith(t('slot.notAdmitted')),
      true, 'a venue that does not admit me says so');
  },

  'a slot a class or team block holds is shown held, with its label, and takes no tap'() {
    const held = rowView(opening(), slot({ heldFor: '体育课 羽毛球1班', permitsLeft: 0 }), seen({}));
    same([held.className, held.label, held.enabled, held.meta],
      ['slot state-held', t('state.held'), false, t('slot.held', '体育课 羽毛球1班')], 'held, not sold out');
  },

  'a row says what the slot is and whether a tap sends'() {
    const onsale = rowView(opening(), slot({}), seen({}));
    same([onsale.className, onsale.label, onsale.enabled, onsale.busy],
      ['slot state-onsale', t('state.onsale'), true, false], 'on sale');
    equal(onsale.meta, t('slot.price', '20.00') + ' · ' + t('slot.placesLeft', 2, 3), 'price and places');
    const sending = rowView(opening(), slot({}), seen({ sending: true }));
    same([sending.label, sending.enabled, sending.busy], [t('state.sending'), false, true], 'its request on its way');
    const waiting = rowView(opening(), slot({}), seen({ waitMs: 4200 }));
    same([waiting.label, waiting.enabled], [t('state.wait', 5), false], 'Retry-After not yet passed');
    const mine = rowView(opening(), slot({ permitsLeft: 0 }),
      seen({ mine: { status: 'PENDING_PAYMENT', reservationId: 9 } }));
    same([mine.state, mine.label, mine.enabled], ['mine', t('state.mine.PENDING_PAYMENT'), false], 'won');
    equal(mine.meta.endsWith(t('mine.status.PENDING_PAYMENT')), true, 'a slot won is not "0/3 left"');
    same([rowView(opening(), slot({ permitsLeft: 0 }), seen({})).state,
      rowView(opening(), slot({}), seen({ gate: { phase: 'soon', msLeft: 5000 } })).enabled],
    ['soldout', false], 'sold out; not open yet');
    equal(onsale.wish, null, 'no "also OK" without a draw');
  },

  'at a fair draw a tap enters it, and at most two more slots can be marked "also OK"'() {
    const draw = opening({ fairDraw: true });
    const open = seen({ draw: { phase: 'open', msLeft: 5000 }, gate: { phase: 'soon', msLeft: 1000 } });
    const view = rowView(draw, slot({}), open);
    same([view.label, view.enabled, view.wish.hidden, view.wish.pressed, view.wish.disabled],
      [t('draw.enter'), true, false, false, false], 'enters the draw');
    const marked = rowView(draw, slot({ slotId: 8 }), Object.assign({}, open, { wishes: [7, 8] }));
    same([marked.wish.text, marked.wish.pressed], ['★ ' + t('draw.alsoN', 2), true], 'marked second');
    equal(rowView(draw, slot({ slotId: 9 }), Object.assign({}, open, { wishes: [7, 8] })).wish.disabled, true,
      'a third cannot be marked');
    equal(rowView(draw, slot({}), seen({ draw: { phase: 'drawn' } })).wish.hidden, true, 'drawn: no marks');
    equal(rowView(draw, slot({}), seen({ entered: true, draw: { phase: 'open', msLeft: 1 } })).state, 'entered',
      'entered: waits for the draw');
  },

  "the note under a slot: mine to pay, the tap's own, a waitlist's place or a way to join it"() {
    Taps.forget();
    Bookings.forget();
    const o = opening();
    const pay = noteFor('mine', o, slot({}), { status: 'PENDING_PAYMENT', payBy: '2026-11-26T13:05:00', reservationId: 3 });
    same([pay.kind, pay.action.label()], ['ok', t('reserve.goPay')], 'pay what I won');
    equal(noteFor('mine', o, slot({}), { status: 'CONFIRMED' }).action, undefined, 'paid: nothing to do');
    const join = noteFor('soldout', o, slot({}), undefined);
    same([join.text(), join.action.label()], [t('wait.soldOutHint'), t('wait.join')], 'sold out: join its waitlist');
    equal(noteFor('onsale', o, slot({}), undefined), null, 'on sale: no note');
    Taps.note(7, 'warn', () => 'refused');
    equal(noteFor('soldout', o, slot({}), undefined).text(), 'refused', "the tap's own note comes first");
    Taps.forget();
    Bookings.take({ waits: { status: 200, data: [{ slotId: 7, status: 'WAITING', position: 3 }] } }, 0);
    equal(noteFor('soldout', o, slot({}), undefined).text(), t('wait.position', 3), 'my place in line');
    Bookings.forget();
  },

  'the booking-pass panel shows in the minute before the gate, or while a draw takes entries'() {
    equal(passNear({ phase: 'soon', msLeft: 61000 }, null), false, 'too early');
    equal(passNear({ phase: 'soon', msLeft: 60000 }, null), true, 'the last minute');
    equal(passNear({ phase: 'open' }, null), true, 'open');
    equal(passNear({ phase: 'closed' }, null), false, 'closed');
    equal(passNear({ phase: 'soon', msLeft: 600000 }, { phase: 'open' }), true, 'a draw taking entries');
  },

  async 'a pass answered is held for the next tap; a picture used up is dropped'() {
    Taps.forget();
    const engine = fakeEngine((method, path, body) => path === '/reserve/pass'
      ? (body.answer === 'RIGHT' ? reply(200, { pass: 'p-9' }) : reply(400, { attemptsLeft: 0 }, { message: 'wrong' }))
      : reply(200, { image: 'data:image/png;base64,AA==', attempts: 3 }));
    try {
      const panel = buildPassPanel(opening({ sessionId: 9, bookingPass: true }));
      refreshPass(panel, { phase: 'soon', msLeft: 30000 }, null, performance.now());
      await settle();
      equal(panel.el.hidden, false, 'shown in the last minute');
      equal(engine.calls[0].path, '/reserve/challenge', 'a picture asked for');
      equal(panel.img.getAttribute('src'), 'data:image/png;base64,AA==', 'and shown');
      panel.input.value = 'WRONG';
      await answerPass(panel);
      same([panel.status.textContent, panel.img.getAttribute('src'), Taps.passOf(9)], ['wrong', null, undefined],
        'refused, the picture used up');
      panel.input.value = 'RIGHT';
      await answerPass(panel);
      equal(Taps.passOf(9), 'p-9', 'held for the next tap');
      refreshPass(panel, { phase: 'soon', msLeft: 30000 }, null, performance.now());
      same([panel.form.hidden, panel.status.textContent], [true, t('pass.ready')], 'the panel says it is ready');
    } finally {
      engine.restore();
      Taps.forget();
    }
  }
};

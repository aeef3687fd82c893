/* What the courts screen knows: the calendar, the date on screen and its openings as /slots said, each
   gate's and fair draw's clock (clock.js), the openings the student asked to be reminded of, and how many
   /slots answers were missed in a row. */
import { createStore } from './page.js';
import * as Clock from './clock.js';
import { I18N } from './i18n.js';
import { addDays, weekday } from './format.js';

const t = I18N.t;

const store = createStore({
  date: null,            // YYYY-MM-DD on screen
  calendar: null,        // GET /calendar: {today, zone, openings}
  calendarAt: -Infinity,
  openings: [],          // GET /slots of the date
  gates: new Map(),      // sessionId -> {at: performance.now() when the gate opens, or null; rtt; sampled}
  draws: new Map(),      // sessionId -> performance.now() when its fair draw's window closes
  reminders: new Set(),  // GET /notices/reminders: sessionIds the student is reminded of before their flash time
  failures: 0,           // /slots answers missed in a row: the refresh backs off while the engine is away
  retryAfter: null       // the last missed answer's Retry-After (seconds)
});

export const courts = store.state;
export const subscribe = store.subscribe;

export function takeCalendar(calendar, at) {
  store.change({ calendar, calendarAt: at });
}

/** The calendar's openings, of one venue when {@code venueId} is given (SPEC §21), else of all. */
export function openingsOf(calendar, venueId) {
  const all = calendar ? calendar.openings : [];
  return venueId == null ? all : all.filter(o => o.venueId == null || o.venueId === venueId);
}

/** The date of the next opening that is not closed (of the venue picked, if one is), else {@code today}. */
export function defaultDate(today, venueId) {
  const next = openingsOf(courts.calendar, venueId).find(o => o.state !== 'CLOSED');
  return next ? next.sessionDate : today;
}

/** Shows a date; a new one starts with no openings. Answers whether the date changed. */
export function showDate(date) {
  const changed = courts.date !== date;
  store.change(changed ? { date, openings: [] } : { date });
  return changed;
}

/** A /slots answer of the date on screen: its openings, each a sample of its gate's clock. */
export function takeSlots(openings, sent, received, now) {
  for (const opening of openings) {
    Clock.learnGate(courts.gates, courts.draws, opening, sent, received, now);
  }
  store.change({ failures: 0, openings });
}

/** A /slots answer missed (the engine away, busy): the refresh backs off. */
export function missSlots(retryAfter) {
  store.change({ failures: courts.failures + 1, retryAfter });
}

/** Tries again as if nothing had been missed (the banner's button, the browser back online). */
export function forgetFailures() {
  store.change({ failures: 0 });
}

/** A slot the engine said is sold out (a refused tap), until the next /slots says otherwise. */
export function soldOut(slot) {
  slot.permitsLeft = 0;
  store.change();
}

/** The gate now (clock.js): 'soon' with msLeft, 'open', 'closed'. */
export function gateOf(opening, now) {
  return Clock.gateOf(courts.gates, opening, now);
}

/** An opening's fair draw now (clock.js): 'before' it takes entries, 'open', 'drawn'; null without one. */
export function drawOf(opening, now) {
  return Clock.drawOf(courts.draws, opening, now);
}

/** When the opening's draw closes on this page's clock, as the answer to an entry said. */
export function drawClosesAt(sessionId, at) {
  courts.draws.set(sessionId, at);
  store.change();
}

export function drawCloses(sessionId) {
  return courts.draws.get(sessionId);
}

export function takeReminders(sessionIds) {
  store.change({ reminders: new Set(sessionIds) });
}

export function reminded(sessionId) {
  return courts.reminders.has(sessionId);
}

/** Signed out: the reminders were the student's. */
export function forget() {
  store.change({ reminders: new Set() });
}

/**
 * The chips of the days: today, tomorrow, each date with an opening (of the venue picked, when there is a choice), the
 * date on screen, and a picker ({@code first} null while the engine has not said its today: no day is named today then).
 */
export function dayChips(first, calendar, date, venueId) {
  const openings = openingsOf(calendar, venueId);
  const dates = first ? [first, addDays(first, 1)] : [];
  for (const o of openings) {
    if (!dates.includes(o.sessionDate)) {
      dates.push(o.sessionDate);
    }
  }
  if (!dates.includes(date)) {
    dates.push(date);
  }
  dates.sort();
  return dates.map(d => ({
    date: d,
    name: !first ? weekday(d) : d === first ? t('day.today') : d === addDays(first, 1) ? t('day.tomorrow') : weekday(d),
    active: d === date,
    hasOpening: openings.some(o => o.sessionDate === d)
  }));
}

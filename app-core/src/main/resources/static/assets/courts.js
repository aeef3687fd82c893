/* The courts screen: the days, and each opening of the date on screen with its gate (a countdown on the
   engine's word, clock.js), its fair draw, its booking-pass panel (passes.js), "remind me" and its courts'
   rows (court-rows.js). It reads /calendar, /slots and /notices/reminders into courts-store.js, refreshes
   /slots every 4-7 s while on screen and visible (backing off while the engine is away), and redraws the
   rows when the taps or my bookings change (their stores) and at least four times a second. */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import * as Clock from './clock.js';
import * as Courts from './courts-store.js';
import * as Taps from './tap-store.js';
import * as Bookings from './bookings-store.js';
import { page, subscribe as onPage, $, h, setText, toast } from './page.js';
import { buildRow, clearRows, retarget, updateRows } from './court-rows.js';
import { buildPassPanel, refreshPass } from './passes.js';
import { whenSlotsStale } from './reserve.js';
import { loadMine } from './bookings.js';
import { today, dayLabel, dayTime } from './format.js';
import * as Venues from './venues.js';

const t = I18N.t;
const countdown = Clock.countdown;
const courts = Courts.courts;
const SLOTS_EVERY_MS = 4000;
const SLOTS_JITTER_MS = 3000;
const CALENDAR_EVERY_MS = 60000;
const UNREACHABLE_RETRY_MAX_MS = 15000;  // the slot refresh's longest pause while the engine is away
const DRAW_TENTHS_MS = 10000;  // a draw's close is counted in tenths of a second in its last ten
const REMIND_LEAD_MS = 60000;  // "remind me" is offered until a minute before the flash time

let structure = '';             // the openings and slots drawn: the same numbers only update the rows
const heads = new Map();        // sessionId -> the opening's gate (and booking-pass panel, reminder) on screen
let slotsTimer = null;
let ticker = null;

/** Follows the stores and the page's visibility; answers nothing, changes nothing itself. */
export function start() {
  whenSlotsStale(loadSlots);
  Taps.subscribe(refreshRows);
  Bookings.subscribe(refreshRows);
  Courts.subscribe((state, changed) => {
    if (changed.includes('reminders')) {
      labelReminders();
    }
  });
  onPage((state, changed) => {
    if (changed.includes('view') && page.view !== 'slots') {
      clearTimeout(slotsTimer);
      clearTimeout(ticker);
      ticker = null;
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (page.view === 'slots' && !document.hidden) {
      loadSlots().then(scheduleSlots);
    } else {
      clearTimeout(slotsTimer);
    }
  });
}

async function loadCalendar() {
  const a = await Api.get('/calendar');
  if (a.status === 200) {
    Courts.takeCalendar(a.data, performance.now());
  }
}

/** The phone's own date: only a guess of which day to show while the engine has not said its today. */
function phoneDate() {
  const d = new Date();
  return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
}

/** Shows the courts of {@code date} (null: the next opening's), read afresh, then refreshed while shown. */
export async function enter(date) {
  const stale = performance.now() - courts.calendarAt > CALENDAR_EVERY_MS;
  await Promise.all([stale ? loadCalendar() : null, Venues.load()]);
  if (Courts.showDate(date || Courts.defaultDate(today() || phoneDate(), Venues.venueId()))) {
    structure = '';
    $('#openings').replaceChildren();
  }
  renderVenues();
  renderDays();
  await Promise.all([loadSlots(), loadMine(), loadReminders()]);
  if (page.view !== 'slots') {
    return; // the student moved on (or was sent to sign in) while these loaded
  }
  scheduleSlots();
  if (!ticker) {
    tick();
  }
}

/** Reads the places (and my bookings) again now: the banner's button, the engine or the network back. */
export function refreshNow() {
  loadSlots().then(scheduleSlots);
  loadMine();
}

/** Draws the screen again in the language just chosen. */
export function redraw() {
  renderVenues();
  renderDays();
  structure = '';
  renderOpenings();
}

/**
 * The venue and sport picked (SPEC §21), when there is a choice: a pick reads the slots again, or, when the venue has no
 * opening on the date on screen, shows its next opening's date.
 */
function renderVenues() {
  Venues.show($('#venues'), () => {
    const venue = Venues.venueId();
    const next = Courts.defaultDate(courts.date, venue);
    if (!Courts.openingsOf(courts.calendar, venue).some(o => o.sessionDate === courts.date) && next !== courts.date) {
      location.hash = '#/slots/' + next;
      return;
    }
    renderVenues();
    renderDays();
    structure = '';
    $('#openings').replaceChildren();
    loadSlots();
  });
}

function renderDays() {
  const chips = Courts.dayChips(today(), courts.calendar, courts.date, Venues.venueId()).map(day => h('a', {
    class: 'chip day' + (day.active ? ' active' : '') + (day.hasOpening ? ' has-opening' : ''),
    href: '#/slots/' + day.date,
    'aria-current': day.active ? 'date' : null
  }, h('span', { class: 'day-name' }, day.name), h('span', { class: 'day-date' }, day.date.slice(5))));
  const picker = h('input', {
    type: 'date', value: courts.date, 'aria-label': t('day.pick'), class: 'day-pick',
    onchange: (e) => { if (e.target.value) { location.hash = '#/slots/' + e.target.value; } }
  });
  $('#days').replaceChildren(...chips, h('label', { class: 'chip pick' }, h('span', {}, t('day.pick')), picker));
}

export async function loadSlots() {
  const date = courts.date;
  const epoch = page.epoch;
  const sent = performance.now();
  const place = Venues.query();
  const a = await Api.get('/slots?date=' + encodeURIComponent(date) + place);
  const received = performance.now();
  if (date !== courts.date || page.view !== 'slots' || epoch !== page.epoch || place !== Venues.query()) {
    return;
  }
  if (a.status !== 200) {
    if (a.status !== 401 && !page.unreachable && courts.failures === 0) {
      toast(a.message); // once per outage, not at every refresh (an unreachable engine has its banner)
    }
    Courts.missSlots(a.retryAfter);
    return;
  }
  Courts.takeSlots(a.data, sent, received, performance.now());
  renderOpenings();
}

function renderOpenings() {
  const empty = $('#slots-empty');
  empty.hidden = courts.openings.length > 0;
  empty.textContent = t('slots.none');
  const drawn = courts.date + '|' + JSON.stringify(courts.openings.map(o =>
    [o.sessionId, o.drawCommitment, o.slots.map(s => [s.slotId, s.courtId, s.courtName, s.startTime, s.endTime])]));
  if (drawn !== structure) {
    structure = drawn;
    clearRows();
    heads.clear();
    const titles = openingTitles(courts.openings);
    $('#openings').replaceChildren(...courts.openings.map((opening, i) => buildOpening(opening, titles[i])));
  } else {
    // same slots: take the new numbers into the rows already on screen
    for (const opening of courts.openings) {
      heads.get(opening.sessionId).opening = opening;
      for (const slot of opening.slots) {
        retarget(opening, slot);
      }
    }
  }
  refreshRows();
}

/** The openings the student asked to be reminded of (once per visit to the courts, never on the refresh). */
async function loadReminders() {
  const epoch = page.epoch;
  const a = await Api.get('/notices/reminders');
  if (a.status === 200 && epoch === page.epoch) {
    Courts.takeReminders(a.data); // labelled by the subscription
  }
}

function labelReminders() {
  for (const [sessionId, head] of heads) {
    const on = Courts.reminded(sessionId);
    setText(head.remind, t(on ? 'remind.on' : 'remind.ask'));
    head.remind.setAttribute('aria-pressed', on ? 'true' : 'false');
  }
}

async function toggleReminder(sessionId) {
  const head = heads.get(sessionId);
  head.remind.disabled = true;
  const on = Courts.reminded(sessionId);
  const a = on ? await Api.del('/notices/reminders/' + sessionId) : await Api.put('/notices/reminders/' + sessionId);
  head.remind.disabled = false;
  if (a.status === 200) {
    Courts.takeReminders(a.data);
    toast(t(on ? 'remind.dropped' : 'remind.set'));
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

/** The courts of an opening, by name (court 2 before court 10), each with its slots by time. */
export function courtsOf(opening) {
  const byCourt = new Map();
  for (const slot of opening.slots) {
    if (!byCourt.has(slot.courtId)) {
      byCourt.set(slot.courtId, { name: slot.courtName, slots: [] });
    }
    byCourt.get(slot.courtId).slots.push(slot);
  }
  const sorted = [...byCourt.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  sorted.forEach(court => court.slots.sort((a, b) => a.startTime.localeCompare(b.startTime)));
  return sorted;
}

/**
 * The headings of the openings on screen (one date's), in their order, each its own: the date alone for an opening
 * alone on it; beside others, also its hours (first start to last end); beside another of the same hours, also its
 * courts; and its place in the list if even those are the same.
 */
export function openingTitles(openings) {
  if (openings.length < 2) {
    return openings.map(o => t('opening.title', dayLabel(o.sessionDate)));
  }
  const hours = (o) => {
    const starts = o.slots.map(s => s.startTime).sort();
    const ends = o.slots.map(s => s.endTime).sort();
    return starts.length ? starts[0] + '–' + ends[ends.length - 1] : '';
  };
  const titles = openings.map(o => t('opening.titleHours', dayLabel(o.sessionDate), hours(o)));
  const shared = (list) => list.map(title => list.filter(other => other === title).length > 1);
  const courts = shared(titles).map((same, i) => same
    ? t('opening.titleCourts', titles[i], courtsOf(openings[i]).map(c => c.name).join(t('opening.courtsJoin')))
    : titles[i]);
  return shared(courts).map((same, i) => same ? t('opening.titleNth', courts[i], i + 1) : courts[i]);
}

function buildOpening(opening, title) {
  const gateLabel = h('span', { class: 'gate-label' });
  const gateTime = h('span', { class: 'gate-time' });
  const gate = h('div', { class: 'gate', role: 'timer', 'aria-live': 'off' }, gateLabel, gateTime);
  const head = { opening, el: gate, label: gateLabel, time: gateTime };
  heads.set(opening.sessionId, head);
  const sorted = courtsOf(opening);
  const on = Courts.reminded(opening.sessionId);
  head.remind = h('button', {
    type: 'button', class: 'small-button secondary remind', 'data-session': opening.sessionId, hidden: true,
    onclick: () => toggleReminder(opening.sessionId),
  }, t(on ? 'remind.on' : 'remind.ask'));
  head.remind.setAttribute('aria-pressed', on ? 'true' : 'false');
  head.pass = opening.bookingPass ? buildPassPanel(opening) : null;
  head.draw = opening.fairDraw
    ? h('p', { class: 'draw-panel small' }, t('draw.title', dayTime(opening.drawEntryFrom || opening.flashTime),
      (opening.drawWindowMs / 1000).toLocaleString(), dayTime(opening.flashTime)),
      // SPEC §13: the commitment to the draw's secret, published before any entry; the record after the draw
      opening.drawCommitment ? h('span', { class: 'draw-commitment' }, ' ',
        t('draw.commitment', opening.drawCommitment.slice(0, 16)), ' ',
        h('a', { href: '#/draw/' + opening.sessionId + '/' + opening.sessionDate }, t('draw.check')))
        : null)
    : null;
  return h('article', { class: 'opening' },
    h('header', { class: 'opening-head' },
      h('div', {},
        h('h2', {}, title),
        h('p', { class: 'muted small' }, t('opening.flash', dayTime(opening.flashTime)), ' · ',
          t('opening.limit', opening.perUserLimit)),
        head.remind),
      gate),
    head.draw,
    head.pass ? head.pass.el : null,
    h('div', { class: 'courts' }, sorted.map(court =>
      h('section', { class: 'court' },
        h('h3', {}, court.name),
        h('ul', { class: 'slot-list' }, court.slots.map(slot => buildRow(opening, slot)))))));
}

/**
 * What an opening's gate shows: its class, label and time, and whether "remind me" is offered.
 *
 * @param entryMs how long until its fair draw takes entries (clock.js), null when that is not what counts
 */
export function gateView(gate, draw, entryMs) {
  const className = 'gate gate-' + gate.phase + (draw ? ' draw-' + draw.phase : '');
  const remind = gate.phase === 'soon' && gate.msLeft > REMIND_LEAD_MS; // a reminder needs time to remind
  if (draw && draw.phase === 'open') {
    return { className, remind, label: t('draw.open'), time: draw.msLeft > DRAW_TENTHS_MS ? countdown(draw.msLeft)
      : (Math.max(0, draw.msLeft) / 1000).toFixed(1) + ' s' };
  }
  if (entryMs !== null) {
    // a draw before its warm-up: what counts is when it takes entries, minutes before the flash time
    return { className, remind, label: entryMs > 0 ? t('draw.entryOpensIn') : t('opening.justNow'),
      time: entryMs > 0 ? countdown(entryMs) : '' };
  }
  const due = gate.phase === 'soon' && gate.msLeft <= 0;
  return {
    className, remind,
    label: due ? t('opening.justNow') : gate.phase === 'soon' ? t('opening.opensIn')
      : gate.phase === 'open' ? (draw ? t('draw.drawn') : t('opening.open')) : t('opening.closed'),
    time: gate.phase === 'soon' && !due ? countdown(gate.msLeft) : ''
  };
}

function refreshRows() {
  if (page.view !== 'slots' || !Session.current) {
    return; // not on screen, or the student is gone (signed out: the stores forget, nothing is drawn or asked)
  }
  const now = performance.now();
  for (const head of heads.values()) {
    const gate = Courts.gateOf(head.opening, now);
    const draw = Courts.drawOf(head.opening, now);
    const entryMs = draw && draw.phase === 'before' ? Clock.msToDrawEntry(head.opening, gate) : null;
    const view = gateView(gate, draw, entryMs);
    head.remind.hidden = !view.remind;
    head.el.className = view.className;
    setText(head.label, view.label);
    setText(head.time, view.time);
  }
  for (const head of heads.values()) {
    if (head.pass) {
      refreshPass(head.pass, Courts.gateOf(head.opening, now), Courts.drawOf(head.opening, now), now);
    }
  }
  updateRows(now);
}

/** Redraws what time changes: at least four times a second, and on the millisecond a gate opens. */
function tick() {
  refreshRows();
  let next = 250;
  const now = performance.now();
  for (const head of heads.values()) {
    const gate = Courts.gateOf(head.opening, now);
    if (gate.phase === 'soon') {
      next = Math.min(next, (gate.msLeft % 1000) + 1); // the next whole second of the countdown
    }
    const draw = Courts.drawOf(head.opening, now);
    if (draw && draw.phase === 'open') {
      // the draw's tenths of a second in its last ten, else its whole seconds
      next = Math.min(next, draw.msLeft <= DRAW_TENTHS_MS ? 100 : (draw.msLeft % 1000) + 1);
    }
  }
  ticker = setTimeout(tick, next);
}

/** The pause before the next /slots: 4-7 s; while answers are missed, longer each time, up to 15 s. */
export function slotsDelay(failures, retryAfter, jitter) {
  if (!failures) {
    return SLOTS_EVERY_MS + jitter * SLOTS_JITTER_MS;
  }
  // while the engine does not answer, wait longer each time (and at least its Retry-After), up to 15 s
  const backoff = Math.min(UNREACHABLE_RETRY_MAX_MS, SLOTS_EVERY_MS * 2 ** Math.min(failures, 3));
  return Math.max(backoff, (retryAfter || 0) * 1000) + jitter * SLOTS_JITTER_MS;
}

function scheduleSlots() {
  clearTimeout(slotsTimer);
  if (page.view !== 'slots' || document.hidden) {
    return;
  }
  slotsTimer = setTimeout(async () => {
    if (performance.now() - courts.calendarAt > CALENDAR_EVERY_MS) {
      await loadCalendar();
      renderDays();
    }
    await loadSlots();
    scheduleSlots();
  }, slotsDelay(courts.failures, courts.retryAfter, Math.random()));
}

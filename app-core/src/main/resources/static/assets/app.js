/* CourtRush students' page. Plain DOM, no framework: every text from the server goes in as text,
   never as markup. The gate's countdown runs on the engine's word (msToOpen, measured on the clock
   that opens the gate) and this page's monotonic clock, never on the phone's wall clock.

   Requests it makes (docs/student-page.md lists them; the bench replays them):
   - on load: GET /calendar, GET /slots?date=, GET /reservations/mine
   - while the courts are on screen and the tab visible: GET /slots every 4-7 s (jittered), GET /calendar
     every minute; nothing while hidden
   - a tap: one POST /reserve/ (never retried by the page; on a fair-draw opening, from its warm-up
     until the draw closes, it enters the draw, naming the slots marked "also OK"); after 202, GET /reserve/result/{trace} after pauses of 0.25, 0.5,
     1, 1.5, 2, then 3 s until it settles (a draw entry's from the draw's close); then /reservations/mine
     and /slots once
   - my bookings: GET /reservations/mine when shown or changed; the pay sheet: POST /pay/wechat/{id}
     once, then GET /pay/reservation/{id} every 3 s while it is open
   - a sign-in that has not answered in a second: GET /auth/sign-in-hold once, to say why it waits
   While the engine cannot be reached a banner says so; the slot refresh backs off (up to 15 s) and the
   first answer after it refreshes the list and my bookings and clears notes the outage left. */
import { I18N } from './i18n.js';
import { Api, Session, unreached } from './api.js';
import * as Clock from './clock.js';
import * as Tap from './tap.js';

(() => {
  const t = I18N.t;
  const countdown = Clock.countdown;
  const SLOTS_EVERY_MS = 4000;
  const SLOTS_JITTER_MS = 3000;
  const CALENDAR_EVERY_MS = 60000;
  const PAY_POLL_MS = 3000;
  const ACTIVE = new Set(['PENDING_PAYMENT', 'CONFIRMED']);
  const PASS_LEAD_MS = 60000;  // a booking pass is asked for in the minute before the gate opens
  const UNREACHABLE_RETRY_MAX_MS = 15000;  // the slot refresh's longest pause while the engine is away
  const DRAW_TENTHS_MS = 10000;  // a draw's close is counted in tenths of a second in its last ten

  const state = {
    view: null,
    date: null,            // YYYY-MM-DD on screen
    calendar: null,        // GET /calendar: {today, zone, openings}
    calendarAt: -Infinity,
    openings: [],          // GET /slots of state.date
    gates: new Map(),      // sessionId -> {at: performance.now() when the gate opens, or null; rtt; sampled}
    mine: [],              // GET /reservations/mine
    mineAt: 0,
    sending: new Set(),    // slot ids whose POST /reserve/ is on its way: their buttons wait
    waitUntil: 0,          // performance.now() before which reserve buttons wait (Retry-After)
    queued: new Set(),     // slot ids whose grant is being confirmed
    notes: new Map(),      // slotId -> {kind, text(), alternatives, action}
    rows: new Map(),       // slotId -> rendered row
    heads: new Map(),      // sessionId -> rendered gate (and booking-pass panel)
    passes: new Map(),     // sessionId -> booking pass held for the next tap (memory only)
    draws: new Map(),      // sessionId -> performance.now() when its fair draw's window closes
    wishes: new Map(),     // sessionId -> slot ids marked "also OK" for its draw entry, in order (2 at most)
    entries: new Map(),    // sessionId -> traceId of this student's draw entry, until its result
    structure: '',
    slotsTimer: null,
    slotsFailures: 0,      // /slots answers missed in a row: the refresh backs off while the engine is away
    unreachable: false,    // the last call found no engine (network down, engine stopped): the banner shows
    ticker: null,
    sheetCleanup: null,
    paying: false,         // a POST /pay/wechat on its way: a second tap opens nothing
    epoch: 0,              // a new sign-in starts a new epoch; answers for an earlier one are dropped
    mineSeq: 0             // the newest /reservations/mine asked for; older answers are dropped
  };

  // ---- small helpers ------------------------------------------------------------------------

  const $ = (selector) => document.querySelector(selector);
  const sleep = (ms) => new Promise(resolve => setTimeout(resolve, ms));

  /** An element with attributes, listeners (onclick...) and children (strings become text nodes). */
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) {
        continue;
      }
      if (key === 'class') {
        el.className = value;
      } else if (key.startsWith('on')) {
        el.addEventListener(key.slice(2), value);
      } else {
        el.setAttribute(key, value === true ? '' : value);
      }
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) {
        el.append(child);
      }
    }
    return el;
  }

  function setText(el, text) {
    if (el.textContent !== text) {
      el.textContent = text;
    }
  }

  /** What a screen reader (or a keyboard user's focus) says of a control. */
  function setLabel(el, text) {
    if (el.getAttribute('aria-label') !== text) {
      el.setAttribute('aria-label', text);
    }
  }

  const yuan = (cents) => (cents / 100).toFixed(2);

  function addDays(date, days) {
    const d = new Date(date + 'T00:00:00Z');
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  }

  function weekday(date) {
    return I18N.weekday(new Date(date + 'T00:00:00Z').getUTCDay());
  }

  function today() {
    return state.calendar ? state.calendar.today : new Date().toISOString().slice(0, 10);
  }

  /** "2026-11-24" → "11-24 周二" */
  function dayLabel(date) {
    return date.slice(5) + ' ' + weekday(date);
  }

  /** A slot as words: "场地 1 11-26 周四 18:00–19:00", for labels that stand alone. */
  function slotName(slot) {
    return slot.courtName + ' ' + dayLabel(slot.slotDate) + ' ' + slot.startTime + '–' + slot.endTime;
  }

  /** A gym wall time "2026-11-24T13:05:00" as "13:05" today, else "11-24 13:05" (never converted by the phone). */
  function wallTime(localDateTime) {
    if (!localDateTime) {
      return '';
    }
    const date = localDateTime.slice(0, 10);
    const time = localDateTime.slice(11, 16);
    return date === today() ? time : date.slice(5) + ' ' + time;
  }

  /** A gym wall time as "今天 13:00" / "明天 13:00" / "11-26 周四 13:00". */
  function dayTime(localDateTime) {
    const date = localDateTime.slice(0, 10);
    const day = date === today() ? t('day.today') : date === addDays(today(), 1) ? t('day.tomorrow') : dayLabel(date);
    return day + ' ' + localDateTime.slice(11, 16);
  }

  let toastTimer = null;
  function toast(text) {
    const el = $('#toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, 4500);
  }

  // ---- views and routing --------------------------------------------------------------------

  function route() {
    const m = location.hash.match(/^#\/(slots|mine|account)(?:\/(\d{4}-\d{2}-\d{2}))?$/);
    return m ? { view: m[1], date: m[2] || null } : { view: 'slots', date: null };
  }

  function setView(name) {
    state.view = name;
    $('#booting').hidden = true;
    for (const id of ['signin', 'slots', 'mine', 'account']) {
      $('#view-' + id).hidden = id !== name;
    }
    $('#tabs').hidden = name === 'signin';
    document.querySelectorAll('#tabs a').forEach(a => {
      a.classList.toggle('active', a.dataset.tab === name);
      if (a.dataset.tab === name) {
        a.setAttribute('aria-current', 'page');
      } else {
        a.removeAttribute('aria-current');
      }
    });
    const who = Session.current;
    setText($('#who'), who && name !== 'signin' ? (who.name || who.studentId) : '');
    if (name !== 'slots') {
      clearTimeout(state.slotsTimer);
      clearTimeout(state.ticker);
      state.ticker = null;
    }
  }

  async function show() {
    if (!Session.current) {
      showSignin();
      return;
    }
    const r = route();
    setView(r.view);
    if (r.view === 'slots') {
      await enterSlots(r.date);
    } else if (r.view === 'mine') {
      renderMine();
      await loadMine();
    } else {
      renderAccount();
    }
  }

  // ---- sign in / out -----------------------------------------------------------------------

  function showSignin(notice) {
    setView('signin');
    const el = $('#signin-notice');
    el.hidden = !notice;
    el.textContent = notice || '';
    $('#signin-error').hidden = true;
    $('#signin-form').studentId.focus();
  }

  /** What belonged to the student who was signed in: gone, and late answers for them ignored. */
  function forgetStudent() {
    state.epoch++;
    state.mine = [];
    state.passes.clear();
    state.wishes.clear();
    state.entries.clear();
    state.notes.clear();
    state.queued.clear();
    state.sending.clear();
    state.waitUntil = 0;
    closeSheet();
  }

  Api.onUnauthorized = () => {
    sessionStorage.setItem('courtrush.return', location.hash || '#/slots');
    Session.clear();
    forgetStudent();
    showSignin(t('signin.expired'));
  };

  async function signIn(event) {
    event.preventDefault();
    const form = event.target;
    const error = $('#signin-error');
    const studentId = form.studentId.value.trim();
    const password = form.password.value;
    if (!studentId || !password) {
      error.textContent = t('signin.missing');
      error.hidden = false;
      return;
    }
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    button.classList.add('busy');
    setText(button, t('signin.sending'));
    error.hidden = true;
    const waiting = signInWait();
    const a = await Api.post('/auth/login', { studentId, password });
    waiting.stop();
    button.disabled = false;
    button.classList.remove('busy');
    setText(button, t('signin.submit'));
    if (a.status !== 200) {
      error.textContent = a.message;
      error.hidden = false;
      form.password.select();
      return;
    }
    if (a.data && a.data.role && a.data.role !== 'STUDENT') {
      // a staff account: this page books for students; staff use the console or the staff API
      Session.save(a.data);
      await Api.post('/auth/logout');
      Session.clear();
      error.textContent = t('signin.staffAccount');
      error.hidden = false;
      form.password.value = '';
      return;
    }
    Session.save(a.data);
    form.password.value = '';
    const back = sessionStorage.getItem('courtrush.return');
    sessionStorage.removeItem('courtrush.return');
    if (back && back !== location.hash) {
      location.hash = back; // hashchange shows it
    } else {
      show();
    }
  }

  /**
   * A sign-in that has not answered in a second is told why: sign-ins wait out an opening's first
   * seconds (the engine says how long is left, counted down here), or the network is slow.
   */
  function signInWait() {
    const el = $('#signin-wait');
    let stopped = false;
    let counter = null;
    let until = 0;
    const say = () => {
      const ms = until - performance.now();
      setText(el, ms > 0 ? t('signin.held', Math.ceil(ms / 1000)) : t('signin.slow'));
    };
    const asked = setTimeout(async () => {
      say();
      el.hidden = false;
      counter = setInterval(say, 1000);
      const hold = await Api.get('/auth/sign-in-hold'); // on a slow network this is slow too: "slow" until then
      if (!stopped && hold.status === 200 && hold.data && hold.data.held) {
        until = performance.now() + hold.data.msLeft;
        say();
      }
    }, 1000);
    return {
      stop() {
        stopped = true;
        clearTimeout(asked);
        clearInterval(counter);
        el.hidden = true;
      }
    };
  }

  async function signOut() {
    await Api.post('/auth/logout');
    Session.clear();
    forgetStudent();
    showSignin(t('signin.signedOut'));
  }

  // ---- courts of a date ---------------------------------------------------------------------

  async function loadCalendar() {
    const a = await Api.get('/calendar');
    if (a.status === 200) {
      state.calendar = a.data;
      state.calendarAt = performance.now();
    }
  }

  /** The date of the next opening that is not closed, else today. */
  function defaultDate() {
    const next = (state.calendar ? state.calendar.openings : []).find(o => o.state !== 'CLOSED');
    return next ? next.sessionDate : today();
  }

  async function enterSlots(date) {
    if (performance.now() - state.calendarAt > CALENDAR_EVERY_MS) {
      await loadCalendar();
    }
    const changed = state.date !== (date || defaultDate());
    state.date = date || defaultDate();
    if (changed) {
      state.openings = [];
      state.structure = '';
      $('#openings').replaceChildren();
    }
    renderDays();
    await Promise.all([loadSlots(), loadMine()]);
    if (state.view !== 'slots') {
      return; // the student moved on (or was sent to sign in) while these loaded
    }
    scheduleSlots();
    if (!state.ticker) {
      tick();
    }
  }

  function renderDays() {
    const first = today();
    const dates = [first, addDays(first, 1)];
    for (const o of state.calendar ? state.calendar.openings : []) {
      if (!dates.includes(o.sessionDate)) {
        dates.push(o.sessionDate);
      }
    }
    if (!dates.includes(state.date)) {
      dates.push(state.date);
    }
    dates.sort();
    const chips = dates.map(date => {
      const name = date === first ? t('day.today') : date === addDays(first, 1) ? t('day.tomorrow') : weekday(date);
      const hasOpening = (state.calendar ? state.calendar.openings : []).some(o => o.sessionDate === date);
      return h('a', {
        class: 'chip day' + (date === state.date ? ' active' : '') + (hasOpening ? ' has-opening' : ''),
        href: '#/slots/' + date,
        'aria-current': date === state.date ? 'date' : null
      }, h('span', { class: 'day-name' }, name), h('span', { class: 'day-date' }, date.slice(5)));
    });
    const picker = h('input', {
      type: 'date', value: state.date, 'aria-label': t('day.pick'), class: 'day-pick',
      onchange: (e) => { if (e.target.value) { location.hash = '#/slots/' + e.target.value; } }
    });
    $('#days').replaceChildren(...chips, h('label', { class: 'chip pick' }, h('span', {}, t('day.pick')), picker));
  }

  async function loadSlots() {
    const date = state.date;
    const epoch = state.epoch;
    const sent = performance.now();
    const a = await Api.get('/slots?date=' + encodeURIComponent(date));
    const received = performance.now();
    if (date !== state.date || state.view !== 'slots' || epoch !== state.epoch) {
      return;
    }
    if (a.status !== 200) {
      if (a.status !== 401 && !state.unreachable && state.slotsFailures === 0) {
        toast(a.message); // once per outage, not at every refresh (an unreachable engine has its banner)
      }
      state.slotsFailures++;
      state.slotsRetryAfter = a.retryAfter;
      return;
    }
    state.slotsFailures = 0;
    state.openings = a.data;
    for (const opening of a.data) {
      learnGate(opening, sent, received);
    }
    renderOpenings();
  }

  /** A /slots answer's opening as a sample of the gate's clock (clock.js: the quickest trip, at its midpoint). */
  function learnGate(opening, sent, received) {
    Clock.learnGate(state.gates, state.draws, opening, sent, received, performance.now());
  }

  /** The gate now (clock.js): 'soon' with msLeft, 'open', 'closed'. */
  function gateOf(opening) {
    return Clock.gateOf(state.gates, opening, performance.now());
  }

  /** An opening's fair draw now (clock.js): 'before' it takes entries, 'open', 'drawn'; null without one. */
  function drawOf(opening) {
    return Clock.drawOf(state.draws, opening, performance.now());
  }

  function mineBySlot() {
    const bySlot = new Map();
    for (const r of state.mine) {
      if (ACTIVE.has(r.status)) {
        bySlot.set(r.slotId, r);
      }
    }
    return bySlot;
  }

  function slotState(opening, slot, mine, draw) {
    return Tap.slotState(slot, {
      mine: mine.has(slot.slotId), entered: state.entries.has(opening.sessionId), queued: state.queued.has(slot.slotId),
      draw: draw ? draw.phase : null, gate: gateOf(opening).phase
    });
  }

  function renderOpenings() {
    const empty = $('#slots-empty');
    empty.hidden = state.openings.length > 0;
    empty.textContent = t('slots.none');
    const structure = state.date + '|' + JSON.stringify(state.openings.map(o =>
      [o.sessionId, o.slots.map(s => [s.slotId, s.courtId, s.courtName, s.startTime, s.endTime])]));
    if (structure !== state.structure) {
      state.structure = structure;
      state.rows.clear();
      state.heads.clear();
      $('#openings').replaceChildren(...state.openings.map(buildOpening));
    } else {
      // same slots: take the new numbers into the rows already on screen
      for (const opening of state.openings) {
        state.heads.get(opening.sessionId).opening = opening;
        for (const slot of opening.slots) {
          Object.assign(state.rows.get(slot.slotId), { opening, slot });
        }
      }
    }
    refreshRows();
  }

  function buildOpening(opening) {
    const gateLabel = h('span', { class: 'gate-label' });
    const gateTime = h('span', { class: 'gate-time' });
    const gate = h('div', { class: 'gate', role: 'timer', 'aria-live': 'off' }, gateLabel, gateTime);
    state.heads.set(opening.sessionId, { opening, el: gate, label: gateLabel, time: gateTime });

    const courts = new Map();
    for (const slot of opening.slots) {
      if (!courts.has(slot.courtId)) {
        courts.set(slot.courtId, { name: slot.courtName, slots: [] });
      }
      courts.get(slot.courtId).slots.push(slot);
    }
    const sorted = [...courts.values()].sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { numeric: true }));
    const head = state.heads.get(opening.sessionId);
    head.pass = opening.bookingPass ? buildPassPanel(opening) : null;
    head.draw = opening.fairDraw
      ? h('p', { class: 'draw-panel small' }, t('draw.title', dayTime(opening.drawEntryFrom || opening.flashTime),
        (opening.drawWindowMs / 1000).toLocaleString(), dayTime(opening.flashTime)))
      : null;
    return h('article', { class: 'opening' },
      h('header', { class: 'opening-head' },
        h('div', {},
          h('h2', {}, t('opening.title', dayLabel(opening.sessionDate))),
          h('p', { class: 'muted small' }, t('opening.flash', dayTime(opening.flashTime)), ' · ',
            t('opening.limit', opening.perUserLimit))),
        gate),
      head.draw,
      head.pass ? head.pass.el : null,
      h('div', { class: 'courts' }, sorted.map(court =>
        h('section', { class: 'court' },
          h('h3', {}, court.name),
          h('ul', { class: 'slot-list' }, court.slots
            .sort((a, b) => a.startTime.localeCompare(b.startTime))
            .map(slot => buildRow(opening, slot)))))));
  }

  /**
   * An opening that asks for a booking pass: in the minute before its gate opens (and while it is
   * open) the student reads a picture and types what it shows; the pass it gives goes with the next
   * tap, once. Nothing is asked before that minute, so a person is ready at the flash time.
   */
  function buildPassPanel(opening) {
    const panel = { sessionId: opening.sessionId, loading: false, retryAt: 0 };
    panel.img = h('img', { class: 'pass-image', alt: t('pass.imageAlt'), width: 200, height: 70 });
    panel.input = h('input', {
      class: 'pass-answer', type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'off',
      spellcheck: 'false', maxlength: 8, placeholder: t('pass.placeholder'),
      onkeydown: e => { if (e.key === 'Enter') { answerPass(panel); } }
    });
    panel.confirm = h('button', {
      type: 'button', class: 'small-button pass-confirm', onclick: () => answerPass(panel)
    }, t('pass.confirm'));
    panel.other = h('button', {
      type: 'button', class: 'secondary small-button pass-other', onclick: () => loadChallenge(panel)
    }, t('pass.other'));
    panel.status = h('p', { class: 'pass-status small', 'aria-live': 'polite' });
    panel.form = h('div', { class: 'pass-form' }, panel.img, h('div', { class: 'pass-row' }, panel.input,
      panel.confirm, panel.other));
    panel.el = h('div', { class: 'pass-panel', hidden: true },
      h('p', { class: 'pass-title' }, t('pass.title')), panel.form, panel.status);
    return panel;
  }

  /** Shows or hides each pass panel as the gate comes near; asks for a picture when one is needed. */
  function refreshPasses() {
    for (const head of state.heads.values()) {
      const panel = head.pass;
      if (!panel) {
        continue;
      }
      const gate = gateOf(head.opening);
      const draw = drawOf(head.opening);
      // a draw takes entries (with their passes) from its warm-up: the picture is there as long
      const near = gate.phase === 'open' || (gate.phase === 'soon' && gate.msLeft <= PASS_LEAD_MS)
        || (draw !== null && draw.phase === 'open');
      panel.el.hidden = !near;
      if (!near) {
        continue;
      }
      const held = state.passes.has(panel.sessionId);
      panel.form.hidden = held;
      if (held) {
        setText(panel.status, t('pass.ready'));
        panel.status.className = 'pass-status small ok';
      } else if (!panel.img.getAttribute('src') && !panel.loading && performance.now() >= panel.retryAt) {
        loadChallenge(panel);
      }
    }
  }

  async function loadChallenge(panel) {
    panel.loading = true;
    const a = await Api.post('/reserve/challenge', { sessionId: panel.sessionId });
    panel.loading = false;
    if (a.status === 200 && a.data) {
      panel.img.src = a.data.image;
      panel.input.value = '';
      setText(panel.status, t('pass.attempts', a.data.attempts));
      panel.status.className = 'pass-status small';
      return;
    }
    panel.img.removeAttribute('src');
    panel.retryAt = performance.now() + (a.retryAfter ? a.retryAfter * 1000 : 10000);
    setText(panel.status, a.message);
    panel.status.className = 'pass-status small warn';
  }

  async function answerPass(panel) {
    const answer = panel.input.value.trim();
    if (!answer) {
      panel.input.focus();
      return;
    }
    panel.confirm.disabled = true;
    const a = await Api.post('/reserve/pass', { sessionId: panel.sessionId, answer });
    panel.confirm.disabled = false;
    if (a.status === 200 && a.data) {
      state.passes.set(panel.sessionId, a.data.pass);
      panel.img.removeAttribute('src');
      refreshRows();
      return;
    }
    setText(panel.status, a.message);
    panel.status.className = 'pass-status small warn';
    panel.input.value = '';
    if (a.data && a.data.attemptsLeft === 0) {
      panel.img.removeAttribute('src'); // that picture is used up: the next refresh brings a new one
    }
  }

  function buildRow(opening, slot) {
    const row = { opening, slot };
    row.time = h('span', { class: 'slot-time' }, slot.startTime + '–' + slot.endTime);
    row.meta = h('span', { class: 'slot-meta' });
    row.button = h('button', {
      type: 'button', class: 'reserve',
      onclick: () => reserve(row.opening, row.slot)
    });
    row.note = h('div', { class: 'slot-note', hidden: true });
    row.wish = opening.fairDraw ? h('button', {
      type: 'button', class: 'wish', hidden: true, 'aria-pressed': 'false',
      onclick: () => toggleWish(row.opening, row.slot)
    }) : null;
    row.el = h('li', { class: 'slot', 'data-slot': slot.slotId },
      h('div', { class: 'slot-main' }, row.time, row.meta, row.wish), row.button, row.note);
    state.rows.set(slot.slotId, row);
    return row.el;
  }

  /** Marks a slot "also OK" for the opening's draw entry (after the slot tapped, in the order marked), or unmarks it. */
  function toggleWish(opening, slot) {
    const wishes = (state.wishes.get(opening.sessionId) || []).slice();
    const at = wishes.indexOf(slot.slotId);
    if (at >= 0) {
      wishes.splice(at, 1);
    } else if (wishes.length < 2) {
      wishes.push(slot.slotId);
    }
    state.wishes.set(opening.sessionId, wishes);
    refreshRows();
  }

  function refreshRows() {
    if (state.view !== 'slots') {
      return;
    }
    for (const head of state.heads.values()) {
      const gate = gateOf(head.opening);
      const draw = drawOf(head.opening);
      head.el.className = 'gate gate-' + gate.phase + (draw ? ' draw-' + draw.phase : '');
      const due = gate.phase === 'soon' && gate.msLeft <= 0;
      if (draw && draw.phase === 'open') {
        setText(head.label, t('draw.open'));
        setText(head.time, draw.msLeft > DRAW_TENTHS_MS ? countdown(draw.msLeft)
          : (Math.max(0, draw.msLeft) / 1000).toFixed(1) + ' s');
        continue;
      }
      const entryMs = draw && draw.phase === 'before' ? Clock.msToDrawEntry(head.opening, gate) : null;
      if (entryMs !== null) {
        // a draw before its warm-up: what counts is when it takes entries, minutes before the flash time
        setText(head.label, entryMs > 0 ? t('draw.entryOpensIn') : t('opening.justNow'));
        setText(head.time, entryMs > 0 ? countdown(entryMs) : '');
        continue;
      }
      setText(head.label, due ? t('opening.justNow') : gate.phase === 'soon' ? t('opening.opensIn')
        : gate.phase === 'open' ? (draw ? t('draw.drawn') : t('opening.open')) : t('opening.closed'));
      setText(head.time, gate.phase === 'soon' && !due ? countdown(gate.msLeft) : '');
    }
    refreshPasses();
    const mine = mineBySlot();
    const waitMs = state.waitUntil - performance.now();
    for (const row of state.rows.values()) {
      updateRow(row, mine, waitMs);
    }
  }

  function updateRow(row, mine, waitMs) {
    const { opening, slot } = row;
    const draw = drawOf(opening);
    const st = slotState(opening, slot, mine, draw);
    const className = 'slot state-' + st;
    if (row.el.className !== className) {
      row.el.className = className;
    }
    const held = st === 'mine' ? mine.get(slot.slotId) : null;
    // a slot won reads as won (its places were counted before the win), not as "1/1 left"
    setText(row.meta, t('slot.price', yuan(slot.priceCents)) + ' · ' + (held
      ? t('mine.status.' + held.status) : t('slot.placesLeft', slot.permitsLeft, slot.capacity)));
    let label = st === 'onsale' && draw && draw.phase === 'open' ? t('draw.enter')
      : st === 'mine' ? t('state.mine.' + held.status) : t('state.' + st);
    let enabled = st === 'onsale';
    const sending = enabled && state.sending.has(slot.slotId);
    if (sending) {
      enabled = false;
      label = t('state.sending');
    } else if (enabled && waitMs > 0) {
      enabled = false;
      label = t('state.wait', Math.ceil(waitMs / 1000));
    }
    setText(row.button, label);
    setLabel(row.button, label + ' · ' + slotName(slot));
    row.button.classList.toggle('busy', sending);
    if (row.button.disabled === enabled) {
      row.button.disabled = !enabled;
    }
    renderNote(row, st === 'mine' ? mineNote(mine.get(slot.slotId)) : state.notes.get(slot.slotId));
    if (row.wish) {
      const wishes = state.wishes.get(opening.sessionId) || [];
      const at = wishes.indexOf(slot.slotId);
      row.wish.hidden = !draw || draw.phase === 'drawn' || (st !== 'soon' && st !== 'onsale');
      const wish = at >= 0 ? '★ ' + t('draw.alsoN', at + 1) : '☆ ' + t('draw.also');
      setText(row.wish, wish);
      setLabel(row.wish, wish + ' · ' + slotName(slot));
      row.wish.setAttribute('aria-pressed', String(at >= 0));
      row.wish.disabled = at < 0 && wishes.length >= 2;
    }
  }

  /** Under a slot that is mine: what to do next. */
  function mineNote(reservation) {
    if (reservation.status === 'PENDING_PAYMENT') {
      return {
        kind: 'ok', text: () => t('reserve.won', wallTime(reservation.payBy)),
        action: { label: () => t('reserve.goPay'), run: () => openPay(reservation.reservationId) }
      };
    }
    return { kind: 'ok', text: () => t('mine.status.CONFIRMED') };
  }

  function renderNote(row, note) {
    const key = note ? JSON.stringify([note.kind, note.text(), (note.alternatives || []).map(a => a.slotId),
      note.action ? note.action.label() : null, [...state.sending]]) : '';
    if (row.noteKey === key) {
      return;
    }
    row.noteKey = key;
    row.note.hidden = !note;
    if (!note) {
      row.note.replaceChildren();
      return;
    }
    row.note.className = 'slot-note note-' + note.kind;
    const parts = [h('p', {}, note.text())];
    if (note.alternatives && note.alternatives.length) {
      parts.push(h('p', { class: 'small' }, t('reserve.alternatives')));
      parts.push(h('div', { class: 'alternatives' }, note.alternatives.map(alt =>
        h('button', {
          type: 'button', class: 'alt', disabled: state.sending.has(alt.slotId),
          'aria-label': t('alt.aria', slotName(Object.assign({ slotDate: row.opening.sessionDate }, alt)),
            alt.permitsLeft),
          onclick: () => reserveAlternative(row.opening, alt)
        }, t('alt.label', alt.courtName, alt.startTime, alt.endTime, alt.permitsLeft)))));
    }
    if (note.action) {
      parts.push(h('button', { type: 'button', class: 'primary small-button', onclick: note.action.run },
        note.action.label()));
    }
    row.note.replaceChildren(...parts);
  }

  /** Redraws what time changes: at least four times a second, and on the millisecond a gate opens. */
  function tick() {
    refreshRows();
    let next = 250;
    for (const head of state.heads.values()) {
      const gate = gateOf(head.opening);
      if (gate.phase === 'soon') {
        next = Math.min(next, (gate.msLeft % 1000) + 1); // the next whole second of the countdown
      }
      const draw = drawOf(head.opening);
      if (draw && draw.phase === 'open') {
        // the draw's tenths of a second in its last ten, else its whole seconds
        next = Math.min(next, draw.msLeft <= DRAW_TENTHS_MS ? 100 : (draw.msLeft % 1000) + 1);
      }
    }
    state.ticker = setTimeout(tick, next);
  }

  function scheduleSlots() {
    clearTimeout(state.slotsTimer);
    if (state.view !== 'slots' || document.hidden) {
      return;
    }
    // while the engine does not answer, wait longer each time (and at least its Retry-After), up to 15 s
    const backoff = Math.min(UNREACHABLE_RETRY_MAX_MS, SLOTS_EVERY_MS * 2 ** Math.min(state.slotsFailures, 3));
    const delay = Math.max(backoff, (state.slotsRetryAfter || 0) * 1000) + Math.random() * SLOTS_JITTER_MS;
    state.slotsTimer = setTimeout(async () => {
      if (performance.now() - state.calendarAt > CALENDAR_EVERY_MS) {
        await loadCalendar();
        renderDays();
      }
      await loadSlots();
      scheduleSlots();
    }, state.slotsFailures ? delay : SLOTS_EVERY_MS + Math.random() * SLOTS_JITTER_MS);
  }

  // ---- the network ---------------------------------------------------------------------------

  /**
   * Every call says whether the engine was reached. Lost: the banner says so (the places on screen
   * may be out of date) and the refresh backs off. Back: the banner goes, notes the outage left are
   * cleared, and the places and my bookings are read again at once.
   */
  function reachability(reached, path) {
    if (reached === !state.unreachable) {
      return; // no change
    }
    state.unreachable = !reached;
    $('#net').hidden = reached;
    if (!reached) {
      return;
    }
    for (const [id, n] of state.notes) {
      if (n.network) {
        state.notes.delete(id);
      }
    }
    if (state.view === 'slots') {
      toast(t('net.back'));
    }
    if (state.view === 'slots' && path.startsWith('/slots')) {
      loadMine(); // the places are on their way in the answer that found the engine
      refreshRows();
    } else {
      refreshNow();
    }
  }

  /** Reads what the view shows again now (the banner's button, the browser back online, the engine back). */
  function refreshNow() {
    if (state.view === 'slots') {
      loadSlots().then(scheduleSlots);
      loadMine();
    } else if (state.view === 'mine') {
      loadMine();
    } else {
      Api.get('/ping'); // sign-in and account show no engine data: only whether it answers
    }
  }

  Api.onReach = reachability;
  window.addEventListener('offline', () => reachability(false));
  window.addEventListener('online', () => {
    if (state.unreachable) {
      state.slotsFailures = 0;
      Api.get('/ping'); // its answer, if any, brings the rest back
    }
  });
  $('#net-retry').addEventListener('click', () => {
    state.slotsFailures = 0;
    refreshNow();
  });

  document.addEventListener('visibilitychange', () => {
    if (state.view === 'slots' && !document.hidden) {
      loadSlots().then(scheduleSlots);
    } else {
      clearTimeout(state.slotsTimer);
    }
  });

  // ---- the tap -------------------------------------------------------------------------------

  function note(slotId, kind, text, extra) {
    state.notes.set(slotId, Object.assign({ kind, text }, extra));
  }

  function reserveAlternative(opening, alternative) {
    const slot = opening.slots.find(s => s.slotId === alternative.slotId)
      || Object.assign({ capacity: alternative.permitsLeft, priceCents: 0 }, alternative);
    reserve(opening, slot);
  }

  /** One tap: one POST /reserve/, never repeated by the page. */
  async function reserve(opening, slot) {
    if (!Tap.mayTap(state.sending, state.waitUntil, slot.slotId, performance.now())) {
      return;
    }
    const epoch = state.epoch;
    state.sending.add(slot.slotId);
    state.notes.delete(slot.slotId);
    refreshRows(); // this slot's button off before the request leaves
    const pass = opening.bookingPass ? state.passes.get(opening.sessionId) : undefined;
    const body = { sessionId: opening.sessionId, slotId: slot.slotId };
    const also = opening.fairDraw ? (state.wishes.get(opening.sessionId) || []).filter(id => id !== slot.slotId) : [];
    if (also.length) {
      body.fallbackSlotIds = also; // used by a draw entry only
    }
    const a = await Api.post('/reserve/', body, pass ? { 'X-Booking-Pass': pass } : undefined);
    if (epoch !== state.epoch) {
      return; // signed out meanwhile
    }
    if (pass && (a.status === 202 || a.code === 'PASS_REQUIRED')) {
      state.passes.delete(opening.sessionId); // spent by this booking (or not valid): the next needs a new one
    }
    state.sending.delete(slot.slotId);
    answerTap(a, opening, slot);
    refreshRows();
  }

  function answerTap(a, opening, slot) {
    const id = slot.slotId;
    const server = a.message;
    if (a.status === 202 && a.data && a.data.traceId) {
      if (a.data.drawClosesInMs !== null && a.data.drawClosesInMs !== undefined) {
        state.draws.set(opening.sessionId, performance.now() + a.data.drawClosesInMs);
        state.entries.set(opening.sessionId, a.data.traceId);
        note(id, 'info', () => drawWait(opening));
        followResult(a.data.traceId, id, opening, a.data.drawClosesInMs);
        return;
      }
      state.queued.add(id);
      note(id, 'info', () => t('reserve.queued'));
      followResult(a.data.traceId, id, opening);
      return;
    }
    if (a.status === 401) {
      return; // back to sign-in, handled by Api.onUnauthorized
    }
    if (a.status === 429 || a.status === 503) {
      const seconds = a.retryAfter || (a.status === 429 ? 10 : 3);
      state.waitUntil = performance.now() + seconds * 1000;
      note(id, 'warn', () => a.status === 429 ? t('reserve.tooMany', seconds) : t('reserve.busy'));
      return;
    }
    if (unreached(a.status)) {
      // no answer from the engine (a proxy's 502/504 too): it may have gone through all the same
      note(id, 'error', () => t('reserve.network'), { network: true });
      setTimeout(loadMine, 3000); // it may have gone through: one look at my bookings, not a second try
      return;
    }
    switch (a.code) {
      case 'UNGATED': {
        const seconds = a.data && a.data.secondsToOpen;
        note(id, 'warn', () => seconds > 0 ? t('reserve.opensIn', countdown(seconds * 1000)) : t('opening.closed'));
        loadSlots(); // the engine's clock says otherwise: take its countdown again
        return;
      }
      case 'DUP_REQ':
        if (a.data && a.data.traceId) { // one draw entry per student: this is the first one's
          note(id, 'info', () => t('draw.already'));
          if (state.entries.get(opening.sessionId) !== a.data.traceId) {
            state.entries.set(opening.sessionId, a.data.traceId);
            followResult(a.data.traceId, id, opening, a.data.drawClosesInMs);
          }
          return;
        }
        note(id, 'info', () => t('reserve.dup'));
        loadMine();
        return;
      case 'QUOTA_EXCEEDED':
        note(id, 'warn', () => server, {
          action: { label: () => t('tab.mine'), run: () => { location.hash = '#/mine'; } }
        });
        return;
      case 'OUT_OF_STOCK':
        slot.permitsLeft = 0;
        note(id, 'warn', () => t('reserve.soldOut'),
          { alternatives: (a.data && a.data.alternatives) || [] });
        return;
      case 'PASS_REQUIRED':
        state.passes.delete(opening.sessionId);
        note(id, 'warn', () => t('reserve.passRequired'));
        return;
      default:
        note(id, 'error', () => server);
    }
  }

  /** What an entrant waits for: the draw's close, then its result. */
  function drawWait(opening) {
    const ms = (state.draws.get(opening.sessionId) || 0) - performance.now();
    return ms > 0 ? t('draw.entered', ms > 60000 ? countdown(ms) : t('unit.seconds', Math.ceil(ms / 1000)))
      : t('draw.drawing');
  }

  /**
   * Polls a granted trace with growing pauses until it is SUCCESS or FAILED; a draw entry's from when
   * its draw closes (nothing can be known before).
   */
  async function followResult(traceId, slotId, opening, afterMs) {
    const epoch = state.epoch;
    if (afterMs > 0) {
      await sleep(afterMs);
    }
    const started = performance.now();
    let retryAfter = 0;
    for (let i = 0; ; i++) {
      await sleep(Tap.resultDelay(i, retryAfter));
      if (epoch !== state.epoch) {
        return; // signed out: the trace belongs to the student who was
      }
      const a = await Api.get('/reserve/result/' + encodeURIComponent(traceId));
      if (epoch !== state.epoch) {
        return;
      }
      retryAfter = a.retryAfter || 0;
      const status = Tap.settled(a);
      if (status) {
        state.queued.delete(slotId);
        if (opening && state.entries.get(opening.sessionId) === traceId) {
          state.entries.delete(opening.sessionId);
        }
        if (status === 'SUCCESS') {
          // a place won: sold-out notes listing alternatives are out of date
          for (const [id, n] of state.notes) {
            if (n.alternatives) {
              state.notes.delete(id);
            }
          }
          state.notes.delete(slotId);
          await loadMine();
          const mine = state.mine.find(r => r.reservationId === a.data.reservationId);
          if (mine) {
            toast(t('reserve.wonToast', mine.courtName, mine.startTime, mine.endTime));
          }
        } else if (a.data.alternatives) { // not drawn in a fair draw: what is left, one tap each
          note(slotId, 'warn', () => t('draw.notDrawn'), { alternatives: a.data.alternatives });
        } else {
          note(slotId, 'error', () => t('reserve.failed'));
        }
        await loadSlots();
        refreshRows();
        return;
      }
      if (a.status === 404 || performance.now() - started > Tap.RESULT_GIVE_UP_MS) {
        state.queued.delete(slotId);
        if (opening) {
          state.entries.delete(opening.sessionId);
        }
        note(slotId, 'info', () => t('reserve.stillPending'));
        refreshRows();
        return;
      }
    }
  }

  // ---- my bookings ---------------------------------------------------------------------------

  async function loadMine() {
    const seq = ++state.mineSeq;
    const epoch = state.epoch;
    const a = await Api.get('/reservations/mine');
    if (seq !== state.mineSeq || epoch !== state.epoch) {
      return; // a newer answer is coming, or it was for the student who signed out
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
      refreshRows();
    }
  }

  function renderMine() {
    const list = $('#mine-list');
    const empty = $('#mine-empty');
    empty.hidden = state.mine.length > 0;
    empty.textContent = t('mine.none');
    list.replaceChildren(...state.mine.map(bookingCard));
  }

  function bookingCard(r) {
    const lines = [];
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
      actions.push(h('button', { type: 'button', class: 'secondary', onclick: () => confirmCancel(r) },
        t('mine.cancel')));
    } else if (r.status === 'CONFIRMED' && r.refundOpen) {
      actions.push(h('button', { type: 'button', class: 'secondary', onclick: () => askRefund(r) },
        t('mine.refund')));
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

  function find(reservationId) {
    return state.mine.find(r => r.reservationId === reservationId);
  }

  /** Seconds left to pay the reservation as of now, from what /reservations/mine said when it answered. */
  function secondsToPay(r) {
    return r && r.secondsToPay !== null ? r.secondsToPay - (performance.now() - state.mineAt) / 1000 : Infinity;
  }

  // ---- sheets: pay, cancel, refund ----------------------------------------------------------

  function openSheet(title, body, actions, onClose) {
    const sheet = $('#sheet');
    closeSheet();
    const close = h('button', { type: 'button', class: 'secondary', onclick: () => closeSheet() },
      t('common.close'));
    sheet.replaceChildren(h('h2', {}, title), ...body, h('div', { class: 'actions' }, ...actions, close));
    state.sheetCleanup = onClose || null;
    sheet.showModal();
  }

  function closeSheet() {
    const sheet = $('#sheet');
    if (state.sheetCleanup) {
      state.sheetCleanup();
      state.sheetCleanup = null;
    }
    if (sheet.open) {
      sheet.close();
    }
  }

  async function openPay(reservationId) {
    if (state.paying) {
      return; // a double tap asks for one order
    }
    state.paying = true;
    try {
      await showPayment(reservationId);
    } finally {
      state.paying = false;
    }
  }

  async function showPayment(reservationId) {
    const a = await Api.post('/pay/wechat/' + reservationId);
    if (a.status !== 200) {
      if (a.status !== 401) {
        toast(a.message);
      }
      loadMine();
      return;
    }
    const order = a.data;
    const opened = performance.now();
    const limit = Math.min(order.secondsToExpire, secondsToPay(find(reservationId)));
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
        loadMine();
      } else if (s.data.reservationStatus === 'CANCELLED') {
        stop();
        status.className = 'pay-status ended';
        setText(status, t('pay.ended'));
        loadMine();
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

  function confirmCancel(r) {
    const go = h('button', { type: 'button', class: 'danger' }, t('cancel.confirm'));
    go.addEventListener('click', async () => {
      go.disabled = true;
      const a = await Api.del('/reserve/' + r.reservationId);
      closeSheet();
      if (a.status !== 401) {
        toast(a.message);
      }
      await loadMine();
    });
    openSheet(t('cancel.title'), [h('p', {}, t('cancel.body', ...slotWords(r)))], [go]);
  }

  function askRefund(r) {
    const reason = h('textarea', { maxlength: '200', rows: '2', name: 'reason' });
    const go = h('button', { type: 'button', class: 'danger' }, t('refund.confirm'));
    go.addEventListener('click', async () => {
      go.disabled = true;
      const a = await Api.post('/pay/refund/' + r.reservationId, { reason: reason.value.trim() || null });
      closeSheet();
      if (a.status !== 401) {
        toast(a.message);
      }
      await loadMine();
    });
    openSheet(t('refund.title'), [
      h('p', {}, t('refund.body', ...slotWords(r), yuan(r.priceCents))),
      h('p', { class: 'muted' }, t('refund.until', wallTime(r.refundUntil))),
      h('label', {}, h('span', {}, t('refund.reason')), reason)
    ], [go]);
  }

  // closed by the student (Esc, back): stop what the sheet was doing. The event of a sheet that
  // another replaced arrives after the new one opened, and must not stop the new one's timers.
  $('#sheet').addEventListener('close', () => {
    if (!$('#sheet').open && state.sheetCleanup) {
      state.sheetCleanup();
      state.sheetCleanup = null;
    }
  });

  // ---- account -------------------------------------------------------------------------------

  function renderAccount() {
    const who = Session.current;
    setText($('#account-who'), who ? t('account.who', who.name || who.studentId, who.studentId) : '');
    $('#password-message').hidden = true;
  }

  async function changePassword(event) {
    event.preventDefault();
    const form = event.target;
    const message = $('#password-message');
    const say = (kind, text) => {
      message.className = 'notice ' + kind;
      message.textContent = text;
      message.hidden = false;
    };
    const current = form.currentPassword.value;
    const next = form.newPassword.value;
    if (!current || !next || !form.repeat.value) {
      say('error', t('account.missing'));
    } else if (next.length < 6 || new TextEncoder().encode(next).length > 72) { // BCrypt reads 72 bytes
      say('error', t('account.length'));
    } else if (next !== form.repeat.value) {
      say('error', t('account.mismatch'));
    } else {
      const button = form.querySelector('button[type=submit]');
      button.disabled = true;
      const a = await Api.post('/auth/password', { currentPassword: current, newPassword: next });
      button.disabled = false;
      if (a.status === 200) {
        Session.save(a.data);
        form.reset();
        say('ok', a.message);
      } else if (a.status !== 401) {
        say('error', a.message);
      }
    }
  }

  // ---- language ------------------------------------------------------------------------------

  function applyLanguage() {
    I18N.apply(document);
    setText($('#lang'), t('lang.switch'));
    setText($('#net-text'), t('net.lost'));
    setText($('#net-retry'), t('net.retry'));
  }

  function switchLanguage() {
    I18N.set(I18N.lang === 'zh' ? 'en' : 'zh');
    applyLanguage();
    if (state.view === 'slots') {
      renderDays();
      state.structure = '';
      renderOpenings();
    } else if (state.view === 'mine') {
      renderMine();
    } else if (state.view === 'account') {
      renderAccount();
    }
  }

  // ---- start ---------------------------------------------------------------------------------

  $('#signin-form').addEventListener('submit', signIn);
  $('#password-form').addEventListener('submit', changePassword);
  $('#signout').addEventListener('click', signOut);
  $('#lang').addEventListener('click', switchLanguage);
  window.addEventListener('hashchange', show);
  applyLanguage();
  show();
})();

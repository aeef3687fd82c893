/* CourtRush students' page. Plain DOM, no framework: every text from the server goes in as text,
   never as markup. The gate's countdown runs on the engine's word (msToOpen, measured on the clock
   that opens the gate) and this page's monotonic clock, never on the phone's wall clock.

   Requests it makes (docs/student-page.md lists them; the bench replays them):
   - on load: GET /calendar, GET /slots?date=, GET /reservations/mine, GET /notices/reminders (again each time
     the courts are shown, never on their refresh); "remind me" on an opening: PUT/DELETE /notices/reminders/{id}
   - while the courts are on screen and the tab visible: GET /slots every 4-7 s (jittered), GET /calendar
     every minute; nothing while hidden
   - a tap: one POST /reserve/ (never retried by the page; on a fair-draw opening, from its warm-up
     until the draw closes, it enters the draw, naming the slots marked "also OK"); after 202, GET /reserve/result/{trace} after pauses of 0.25, 0.5,
     1, 1.5, 2, then 3 s until it settles (a draw entry's from the draw's close); then /reservations/mine
     and /slots once
   - my bookings: GET /reservations/mine when shown or changed; the pay sheet: POST /pay/wechat/{id}
     once, then GET /pay/reservation/{id} every 3 s while it is open
   - a sign-in that has not answered in a second: GET /auth/sign-in-hold once, to say why it waits
   - the sign-in view: GET /auth/options once (whether "forgot password" by email is offered); the account view:
     GET /auth/email
   - notices: GET /notices/unread on start and every minute while visible (the tab's badge); GET /notices
     when the view is shown
   While the engine cannot be reached a banner says so; the slot refresh backs off (up to 15 s) and the
   first answer after it refreshes the list and my bookings and clears notes the outage left. */
import { I18N } from './i18n.js';
import { Api, Session, unreached } from './api.js';
import * as Clock from './clock.js';
import * as Tap from './tap.js';
import * as State from './state.js';
import { $, sleep, h, setText, setLabel, yuan, addDays, weekday, today, dayLabel, slotName, wallTime, dayTime, toast } from './dom.js';
import { loadMine, renderMine, openPay, whenChangedElsewhere, joinWaitlist as joinWaitlistOf } from './bookings.js';
import { closeSheet } from './sheets.js';
import { renderAccount, changePassword, renewCalendar, stopCalendar, copyCalendar, forgetCalendar, sendEmailCode,
  verifyEmail, removeEmail, offerReset, openReset, sendResetCode, resetPassword } from './account.js';
import { watchBadge, loadInbox, renderInbox, readAll, forgetNotices } from './notices.js';

(() => {
  const t = I18N.t;
  const countdown = Clock.countdown;
  const SLOTS_EVERY_MS = 4000;
  const SLOTS_JITTER_MS = 3000;
  const CALENDAR_EVERY_MS = 60000;
  const ACTIVE = new Set(['PENDING_PAYMENT', 'CONFIRMED']);
  const PASS_LEAD_MS = 60000;  // a booking pass is asked for in the minute before the gate opens
  const UNREACHABLE_RETRY_MAX_MS = 15000;  // the slot refresh's longest pause while the engine is away
  const DRAW_TENTHS_MS = 10000;  // a draw's close is counted in tenths of a second in its last ten
  const REMIND_LEAD_MS = 60000;  // "remind me" is offered until a minute before the flash time

  const state = State.state;

  // ---- small helpers ------------------------------------------------------------------------

  // ---- views and routing --------------------------------------------------------------------

  function route() {
    const m = location.hash.match(/^#\/(slots|mine|inbox|account)(?:\/(\d{4}-\d{2}-\d{2}))?$/);
    return m ? { view: m[1], date: m[2] || null } : { view: 'slots', date: null };
  }

  function setView(name) {
    state.view = name;
    $('#booting').hidden = true;
    for (const id of ['signin', 'slots', 'mine', 'inbox', 'account']) {
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
    if (r.view !== 'inbox') {
      watchBadge(); // a change of view is when a student looks: the badge catches up (the inbox counts itself)
    }
    if (r.view === 'slots') {
      await enterSlots(r.date);
    } else if (r.view === 'mine') {
      renderMine();
      await loadMine();
    } else if (r.view === 'inbox') {
      renderInbox();
      await loadInbox(false);
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
    offerReset();
  }

  /** What belonged to the student who was signed in: gone, and late answers for them ignored. */
  function forgetStudent() {
    state.epoch++;
    state.mine = [];
    state.standing = null;
    state.waits = [];
    state.invitations = [];
    state.passes.clear();
    state.wishes.clear();
    state.entries.clear();
    state.reminders.clear();
    state.notes.clear();
    state.queued.clear();
    state.sending.clear();
    state.waitUntil = 0;
    forgetCalendar();
    forgetNotices();
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
    await Promise.all([loadSlots(), loadMine(), loadReminders()]);
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
      [o.sessionId, o.drawCommitment, o.slots.map(s => [s.slotId, s.courtId, s.courtName, s.startTime, s.endTime])]));
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

  /** The openings the student asked to be reminded of (once per visit to the courts, never on the refresh). */
  async function loadReminders() {
    const epoch = state.epoch;
    const a = await Api.get('/notices/reminders');
    if (a.status === 200 && epoch === state.epoch) {
      state.reminders = new Set(a.data);
      labelReminders();
    }
  }

  function labelReminders() {
    for (const [sessionId, head] of state.heads) {
      const on = state.reminders.has(sessionId);
      setText(head.remind, t(on ? 'remind.on' : 'remind.ask'));
      head.remind.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
  }

  async function toggleReminder(sessionId) {
    const head = state.heads.get(sessionId);
    head.remind.disabled = true;
    const on = state.reminders.has(sessionId);
    const a = on ? await Api.del('/notices/reminders/' + sessionId) : await Api.put('/notices/reminders/' + sessionId);
    head.remind.disabled = false;
    if (a.status === 200) {
      state.reminders = new Set(a.data);
      labelReminders();
      toast(t(on ? 'remind.dropped' : 'remind.set'));
    } else if (a.status !== 401) {
      toast(a.message);
    }
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
    head.remind = h('button', {
      type: 'button', class: 'small-button secondary remind', 'data-session': opening.sessionId, hidden: true,
      onclick: () => toggleReminder(opening.sessionId),
    }, t(state.reminders.has(opening.sessionId) ? 'remind.on' : 'remind.ask'));
    head.remind.setAttribute('aria-pressed', state.reminders.has(opening.sessionId) ? 'true' : 'false');
    head.pass = opening.bookingPass ? buildPassPanel(opening) : null;
    head.draw = opening.fairDraw
      ? h('p', { class: 'draw-panel small' }, t('draw.title', dayTime(opening.drawEntryFrom || opening.flashTime),
        (opening.drawWindowMs / 1000).toLocaleString(), dayTime(opening.flashTime)),
        // SPEC §13: the commitment to the draw's secret, published before any entry; the record after the draw
        opening.drawCommitment ? h('span', { class: 'draw-commitment' }, ' ',
          t('draw.commitment', opening.drawCommitment.slice(0, 16)), ' ',
          h('a', { href: 'draws/' + opening.sessionId, target: '_blank', rel: 'noopener' }, t('draw.check')))
          : null)
      : null;
    return h('article', { class: 'opening' },
      h('header', { class: 'opening-head' },
        h('div', {},
          h('h2', {}, t('opening.title', dayLabel(opening.sessionDate))),
          h('p', { class: 'muted small' }, t('opening.flash', dayTime(opening.flashTime)), ' · ',
            t('opening.limit', opening.perUserLimit)),
          head.remind),
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
      head.remind.hidden = !(gate.phase === 'soon' && gate.msLeft > REMIND_LEAD_MS); // a reminder needs time to remind
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
    renderNote(row, st === 'mine' ? mineNote(mine.get(slot.slotId))
      : state.notes.get(slot.slotId) || (st === 'soldout' ? waitNote(opening, slot) : null));
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

  /** Under a sold-out slot: my place in its waitlist or the place offered to me, else a way to join. */
  function waitNote(opening, slot) {
    const mineToo = { label: () => t('tab.mine'), run: () => { location.hash = '#/mine'; } };
    const wait = state.waits.find(w => w.slotId === slot.slotId);
    if (wait && wait.status === 'OFFERED') {
      return { kind: 'ok', text: () => t('wait.heldUntil', wallTime(wait.offerExpires)), action: mineToo };
    }
    if (wait) {
      return { kind: 'info', text: () => t('wait.position', wait.position), action: mineToo };
    }
    return {
      kind: 'info', text: () => t('wait.soldOutHint'),
      action: { label: () => t('wait.join'), run: () => joinWaitlist(opening, slot.slotId) }
    };
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

  /** Joins the sold-out slot's waitlist from its note; the note says the place in line. */
  async function joinWaitlist(opening, slotId) {
    const a = await joinWaitlistOf(opening.sessionId, slotId);
    if (a.status === 200) {
      note(slotId, 'info', () => t('wait.joined', a.data.position), {
        action: { label: () => t('tab.mine'), run: () => { location.hash = '#/mine'; } }
      });
    } else if (a.status !== 401) {
      note(slotId, 'warn', () => a.message);
    }
    refreshRows();
  }

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
        note(id, 'warn', () => t('reserve.soldOut'), {
          alternatives: (a.data && a.data.alternatives) || [],
          action: { label: () => t('wait.join'), run: () => joinWaitlist(opening, id) }
        });
        return;
      case 'PASS_REQUIRED':
        state.passes.delete(opening.sessionId);
        note(id, 'warn', () => t('reserve.passRequired'));
        return;
      case 'BLOCKED':
        note(id, 'error', () => t('reserve.blocked', a.data && a.data.until ? dayTime(a.data.until) : ''), {
          action: { label: () => t('tab.mine'), run: () => { location.hash = '#/mine'; } }
        });
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
    } else if (state.view === 'inbox') {
      loadInbox(false); // the notices' texts come from the engine, in the language asked
    } else if (state.view === 'account') {
      renderAccount();
    }
  }

  // ---- start ---------------------------------------------------------------------------------

  $('#signin-form').addEventListener('submit', signIn);
  $('#password-form').addEventListener('submit', changePassword);
  $('#calendar-renew').addEventListener('click', renewCalendar);
  $('#calendar-stop').addEventListener('click', stopCalendar);
  $('#calendar-copy').addEventListener('click', copyCalendar);
  $('#signout').addEventListener('click', signOut);
  $('#inbox-read-all').addEventListener('click', readAll);
  $('#email-form').addEventListener('submit', sendEmailCode);
  $('#email-verify').addEventListener('submit', verifyEmail);
  $('#email-remove').addEventListener('click', removeEmail);
  $('#forgot-open').addEventListener('click', openReset);
  $('#forgot-send').addEventListener('click', sendResetCode);
  $('#forgot-form').addEventListener('submit', resetPassword);
  $('#inbox-more').addEventListener('click', () => loadInbox(true));
  $('#lang').addEventListener('click', switchLanguage);
  window.addEventListener('hashchange', show);
  whenChangedElsewhere(refreshRows);
  applyLanguage();
  show();
})();

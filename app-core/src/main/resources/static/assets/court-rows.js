/* The courts screen's rows: one per slot, with its time, price and places, the reserve button, the note
   under it and, at a fair draw, its "also OK" mark. What a row shows is decided by rowView() and noteFor()
   from the stores; updateRow() only writes it into the row's elements. */
import { I18N } from './i18n.js';
import * as Tap from './tap.js';
import * as Taps from './tap-store.js';
import { bookings, activeBySlot } from './bookings-store.js';
import { gateOf, drawOf } from './courts-store.js';
import { reserve, reserveAlternative, joinWaitlist } from './reserve.js';
import { openPay } from './bookings.js';
import { h, setText, setLabel } from './page.js';
import { Session } from './api.js';
import { yuan, slotName, wallDeadline } from './format.js';

const t = I18N.t;
const rows = new Map();  // slotId -> the row on screen: {opening, slot, el, time, meta, button, note, wish, noteKey}

/** The rows go (a new structure of openings is drawn). */
export function clearRows() {
  rows.clear();
}

/** The same slot with the newest numbers from /slots: the row on screen takes them. */
export function retarget(opening, slot) {
  Object.assign(rows.get(slot.slotId), { opening, slot });
}

export function buildRow(opening, slot) {
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
    onclick: () => Taps.toggleWish(row.opening.sessionId, row.slot.slotId)
  }) : null;
  row.el = h('li', { class: 'slot', 'data-slot': slot.slotId },
    h('div', { class: 'slot-main' }, row.time, row.meta, row.wish), row.button, row.note);
  rows.set(slot.slotId, row);
  return row.el;
}

/** Every row as the stores say at {@code now}. */
export function updateRows(now) {
  const mine = activeBySlot();
  const waitMs = Taps.taps.waitUntil - now;
  for (const row of rows.values()) {
    updateRow(row, mine, waitMs, now);
  }
}

/**
 * What the slot costs me, a member of {@code category} (SPEC §21): its price for my category; null when its venue does
 * not admit my category; its student price from an engine that does not say.
 */
export function priceFor(slot, category) {
  if (!slot.prices) {
    return slot.priceCents;
  }
  const mine = slot.prices[category || 'STUDENT'];
  return mine == null ? null : mine;
}

/**
 * What a slot's row shows: its state (tap.js), class, the line under its time, the button's label and
 * whether it takes a tap, and the "also OK" mark at a fair draw (null without one).
 *
 * @param seen {mine: my active reservation of the slot or undefined, draw: the draw now or null,
 *             gate: the gate now, entered, queued, sending: booleans, waitMs: Retry-After left, wishes: ids}
 */
export function rowView(opening, slot, seen) {
  const { draw, mine } = seen;
  const st = Tap.slotState(slot, {
    mine: Boolean(mine), entered: seen.entered, queued: seen.queued,
    draw: draw ? draw.phase : null, gate: seen.gate.phase
  });
  // a slot won reads as won (its places were counted before the win), not as "1/1 left"
  const price = priceFor(slot, seen.category);
  const meta = st === 'held' ? t('slot.held', slot.heldFor)
    : (price == null ? t('slot.notAdmitted') : t('slot.price', yuan(price))) + ' · ' + (st === 'mine'
      ? t('mine.status.' + mine.status) : t('slot.placesLeft', slot.permitsLeft, slot.capacity));
  let label = st === 'onsale' && draw && draw.phase === 'open' ? t('draw.enter')
    : st === 'mine' ? t('state.mine.' + mine.status) : t('state.' + st);
  let enabled = st === 'onsale';
  const busy = enabled && seen.sending;
  if (busy) {
    enabled = false;
    label = t('state.sending');
  } else if (enabled && seen.waitMs > 0) {
    enabled = false;
    label = t('state.wait', Math.ceil(seen.waitMs / 1000));
  }
  let wish = null;
  if (opening.fairDraw) {
    const at = seen.wishes.indexOf(slot.slotId);
    wish = {
      hidden: !draw || draw.phase === 'drawn' || (st !== 'soon' && st !== 'onsale'),
      text: at >= 0 ? '★ ' + t('draw.alsoN', at + 1) : '☆ ' + t('draw.also'),
      pressed: at >= 0,
      disabled: at < 0 && seen.wishes.length >= Taps.MAX_WISHES
    };
  }
  return { state: st, className: 'slot state-' + st, meta, label, enabled, busy, wish };
}

function updateRow(row, mine, waitMs, now) {
  const { opening, slot } = row;
  const view = rowView(opening, slot, {
    mine: mine.get(slot.slotId), draw: drawOf(opening, now), gate: gateOf(opening, now),
    entered: Taps.entryOf(opening.sessionId) !== undefined, queued: Taps.taps.queued.has(slot.slotId),
    sending: Taps.isSending(slot.slotId), waitMs, wishes: Taps.wishesOf(opening.sessionId),
    category: Session.current ? Session.current.category : null
  });
  if (row.el.className !== view.className) {
    row.el.className = view.className;
  }
  setText(row.meta, view.meta);
  setText(row.button, view.label);
  setLabel(row.button, view.label + ' · ' + slotName(slot));
  row.button.classList.toggle('busy', view.busy);
  if (row.button.disabled === view.enabled) {
    row.button.disabled = !view.enabled;
  }
  renderNote(row, noteFor(view.state, opening, slot, mine.get(slot.slotId)));
  if (row.wish) {
    row.wish.hidden = view.wish.hidden;
    setText(row.wish, view.wish.text);
    setLabel(row.wish, view.wish.text + ' · ' + slotName(slot));
    row.wish.setAttribute('aria-pressed', String(view.wish.pressed));
    row.wish.disabled = view.wish.disabled;
  }
}

/** The note under a slot in state {@code st}: what to do with mine, the tap's own note, else a sold-out one's. */
export function noteFor(st, opening, slot, mine) {
  return st === 'mine' ? mineNote(mine)
    : Taps.noteOf(slot.slotId) || (st === 'soldout' ? waitNote(opening, slot) : null);
}

/** Under a sold-out slot: my place in its waitlist or the place offered to me, else a way to join. */
function waitNote(opening, slot) {
  const mineToo = { label: () => t('tab.mine'), run: () => { location.hash = '#/mine'; } };
  const wait = bookings.waits.find(w => w.slotId === slot.slotId);
  if (wait && wait.status === 'OFFERED') {
    return { kind: 'ok', text: () => t('wait.heldUntil', wallDeadline(wait.offerExpires)), action: mineToo };
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
      kind: 'ok', text: () => t('reserve.won', wallDeadline(reservation.payBy)),
      action: { label: () => t('reserve.goPay'), run: () => openPay(reservation.reservationId) }
    };
  }
  return { kind: 'ok', text: () => t('mine.status.CONFIRMED') };
}

function renderNote(row, note) {
  const key = note ? JSON.stringify([note.kind, note.text(), (note.alternatives || []).map(a => a.slotId),
    note.action ? note.action.label() : null, [...Taps.taps.sending]]) : '';
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
        type: 'button', class: 'alt', disabled: Taps.isSending(alt.slotId),
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

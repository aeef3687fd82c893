/* The tap on the courts screen: one POST /reserve/ (never repeated by the page), what each answer means for
   the slot (its note, tap-store.js), a granted trace followed until it settles, a draw entry's result from
   the draw's close, and joining a sold-out slot's waitlist. The courts screen redraws from the stores. */
import { I18N } from './i18n.js';
import { Api, unreached } from './api.js';
import { countdown } from './clock.js';
import * as Tap from './tap.js';
import * as Taps from './tap-store.js';
import { bookings } from './bookings-store.js';
import { soldOut, drawClosesAt, drawCloses } from './courts-store.js';
import { page, sleep, toast } from './page.js';
import { loadMine, joinWaitlist as joinWaitlistOf } from './bookings.js';
import { dayTime, shareUsed } from './format.js';

const t = I18N.t;
const toMine = () => ({ label: () => t('tab.mine'), run: () => { location.hash = '#/mine'; } });

let reloadSlots = async () => {};

/** How to read the courts' slots again (the courts screen's GET /slots), after a result or a refusal. */
export function whenSlotsStale(reload) {
  reloadSlots = reload;
}

/** One tap: one POST /reserve/, never repeated by the page. */
export async function reserve(opening, slot) {
  if (!Taps.mayTap(slot.slotId, performance.now())) {
    return;
  }
  const epoch = page.epoch;
  Taps.sending(slot.slotId); // this slot's button off before the request leaves
  const pass = opening.bookingPass ? Taps.passOf(opening.sessionId) : undefined;
  const body = { sessionId: opening.sessionId, slotId: slot.slotId };
  const also = opening.fairDraw ? Taps.wishesOf(opening.sessionId).filter(id => id !== slot.slotId) : [];
  if (also.length) {
    body.fallbackSlotIds = also; // used by a draw entry only
  }
  const a = await Api.post('/reserve/', body, pass ? { 'X-Booking-Pass': pass } : undefined);
  if (epoch !== page.epoch) {
    return; // signed out meanwhile
  }
  if (pass && (a.status === 202 || a.code === 'PASS_REQUIRED')) {
    Taps.dropPass(opening.sessionId); // spent by this booking (or not valid): the next needs a new one
  }
  Taps.sent(slot.slotId);
  answerTap(a, opening, slot);
}

/** A slot the engine offered instead of a sold-out one, tapped in the note. */
export function reserveAlternative(opening, alternative) {
  const slot = opening.slots.find(s => s.slotId === alternative.slotId)
    || Object.assign({ capacity: alternative.permitsLeft, priceCents: 0 }, alternative);
  reserve(opening, slot);
}

/** What a reserve answer means for its slot: a note, a wait, a result to follow. */
export function answerTap(a, opening, slot) {
  const id = slot.slotId;
  const server = a.message;
  if (a.status === 202 && a.data && a.data.traceId) {
    if (a.data.drawClosesInMs !== null && a.data.drawClosesInMs !== undefined) {
      drawClosesAt(opening.sessionId, performance.now() + a.data.drawClosesInMs);
      Taps.enter(opening.sessionId, a.data.traceId);
      Taps.note(id, 'info', () => drawWait(opening, performance.now()));
      followResult(a.data.traceId, id, opening, a.data.drawClosesInMs);
      return;
    }
    Taps.queue(id);
    Taps.note(id, 'info', () => t('reserve.queued'));
    followResult(a.data.traceId, id, opening);
    return;
  }
  if (a.status === 401) {
    return; // back to sign-in, handled by Api.onUnauthorized
  }
  if (a.status === 429 || a.status === 503) {
    const seconds = a.retryAfter || (a.status === 429 ? 10 : 3);
    Taps.waitUntil(performance.now() + seconds * 1000);
    Taps.note(id, 'warn', () => a.status === 429 ? t('reserve.tooMany', seconds) : t('reserve.busy'));
    return;
  }
  if (unreached(a.status)) {
    // no answer from the engine (a proxy's 502/504 too): it may have gone through all the same
    Taps.note(id, 'error', () => t('reserve.network'), { network: true });
    setTimeout(loadMine, 3000); // it may have gone through: one look at my bookings, not a second try
    return;
  }
  switch (a.code) {
    case 'UNGATED': {
      const seconds = a.data && a.data.secondsToOpen;
      Taps.note(id, 'warn', () => seconds > 0 ? t('reserve.opensIn', countdown(seconds * 1000)) : t('opening.closed'));
      reloadSlots(); // the engine's clock says otherwise: take its countdown again
      return;
    }
    case 'DUP_REQ':
      if (a.data && a.data.traceId) { // one draw entry per student: this is the first one's
        Taps.note(id, 'info', () => t('draw.already'));
        if (Taps.entryOf(opening.sessionId) !== a.data.traceId) {
          Taps.enter(opening.sessionId, a.data.traceId);
          followResult(a.data.traceId, id, opening, a.data.drawClosesInMs);
        }
        return;
      }
      Taps.note(id, 'info', () => t('reserve.dup'));
      loadMine();
      return;
    case 'QUOTA_EXCEEDED':
      Taps.note(id, 'warn', () => server, { action: toMine() });
      return;
    case 'OUT_OF_STOCK':
      soldOut(slot);
      Taps.note(id, 'warn', () => t('reserve.soldOut'), {
        alternatives: (a.data && a.data.alternatives) || [],
        action: { label: () => t('wait.join'), run: () => joinWaitlist(opening, id) }
      });
      return;
    case 'PASS_REQUIRED':
      Taps.dropPass(opening.sessionId);
      Taps.note(id, 'warn', () => t('reserve.passRequired'));
      return;
    case 'BLOCKED':
      Taps.note(id, 'error', () => t('reserve.blocked', a.data && a.data.until ? dayTime(a.data.until) : ''),
        { action: toMine() });
      return;
    case 'SHARE_USED': // the fair share (SPEC §16): which rule, and the bookings that count against it
      Taps.note(id, 'warn', () => shareUsed(a.data), { action: toMine() });
      return;
    default:
      Taps.note(id, 'error', () => server);
  }
}

/** What an entrant waits for at {@code now}: the draw's close, then its result. */
export function drawWait(opening, now) {
  const ms = (drawCloses(opening.sessionId) || 0) - now;
  return ms > 0 ? t('draw.entered', ms > 60000 ? countdown(ms) : t('unit.seconds', Math.ceil(ms / 1000)))
    : t('draw.drawing');
}

/**
 * Polls a granted trace with growing pauses until it is SUCCESS or FAILED; a draw entry's from when
 * its draw closes (nothing can be known before).
 */
export async function followResult(traceId, slotId, opening, afterMs) {
  const epoch = page.epoch;
  if (afterMs > 0) {
    await sleep(afterMs);
  }
  const started = performance.now();
  let retryAfter = 0;
  for (let i = 0; ; i++) {
    await sleep(Tap.resultDelay(i, retryAfter));
    if (epoch !== page.epoch) {
      return; // signed out: the trace belongs to the student who was
    }
    const a = await Api.get('/reserve/result/' + encodeURIComponent(traceId));
    if (epoch !== page.epoch) {
      return;
    }
    retryAfter = a.retryAfter || 0;
    const status = Tap.settled(a);
    if (status) {
      await settle(status, a, traceId, slotId, opening);
      return;
    }
    if (a.status === 404 || performance.now() - started > Tap.RESULT_GIVE_UP_MS) {
      Taps.unqueue(slotId);
      if (opening) {
        Taps.leave(opening.sessionId);
      }
      Taps.note(slotId, 'info', () => t('reserve.stillPending'));
      return;
    }
  }
}

/**
 * A result settled: won (my bookings read again, a toast), not drawn (what is left), taken back by a database guard
 * (what holds the student, in the engine's words; no "try again"), or lost on its way (try again).
 */
async function settle(status, a, traceId, slotId, opening) {
  if (opening && Taps.entryOf(opening.sessionId) === traceId) {
    Taps.leave(opening.sessionId);
  }
  if (status === 'SUCCESS') {
    // a place won: sold-out notes listing alternatives are out of date
    Taps.dropNotes(n => n.alternatives);
    Taps.dropNote(slotId);
    await loadMine();
    // being confirmed until my bookings has it: the slot's sold-out state may come first, and is not the winner's
    Taps.unqueue(slotId);
    const mine = bookings.mine.find(r => r.reservationId === a.data.reservationId);
    if (mine) {
      toast(t('reserve.wonToast', mine.courtName, mine.startTime, mine.endTime));
    }
  } else {
    Taps.unqueue(slotId);
    Taps.note(slotId, ...failedNote(a.data));
  }
  await reloadSlots();
}

/** A FAILED result's note: kind, text and what it offers. */
function failedNote(d) {
  if (d.alternatives) { // not drawn in a fair draw: what is left, one tap each
    return ['warn', () => t('draw.notDrawn'), { alternatives: d.alternatives }];
  }
  if (d.refusal === 'SHARE_USED') { // granted, then refused past a share (decision 26): the booking that holds it
    return ['warn', () => shareUsed(d), { action: toMine() }];
  }
  return d.refusal ? ['warn', () => d.reason, { action: toMine() }] : ['error', () => t('reserve.failed')];
}

/** Joins the sold-out slot's waitlist from its note; the note says the place in line. */
export async function joinWaitlist(opening, slotId) {
  const a = await joinWaitlistOf(opening.sessionId, slotId);
  if (a.status === 200) {
    Taps.note(slotId, 'info', () => t('wait.joined', a.data.position), { action: toMine() });
  } else if (a.status !== 401) {
    Taps.note(slotId, 'warn', () => a.message);
  }
}

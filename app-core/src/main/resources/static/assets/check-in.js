/* The check-in sheet: the codes the desk scans or reads out, followed until the desk checks the booking in (its
   timers are the sheet's: closing it stops them). */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { h, setText, toast } from './page.js';
import { playTime } from './format.js';
import { openSheet, slotWords } from './sheets.js';

const t = I18N.t;

/* The open check-in sheet asks whether the desk has scanned it every 2–3 s (jittered, so phones opened together
   spread out) while the page is visible; an answer that did not come waits longer each time, up to 15 s, and never
   less than the engine's Retry-After. */
const CHECK_IN_POLL_MS = 2000;
const CHECK_IN_JITTER_MS = 1000;
const CHECK_IN_BACKOFF_MAX_MS = 15000;

/** How long the check-in sheet waits before it asks again: {@code failures} in a row, the last Retry-After (s). */
export function checkInPollDelay(failures, retryAfter, random) {
  const base = failures > 0
    ? Math.min(CHECK_IN_BACKOFF_MAX_MS, CHECK_IN_POLL_MS * 2 ** failures)
    : CHECK_IN_POLL_MS + random * CHECK_IN_JITTER_MS;
  return Math.max(base, (retryAfter || 0) * 1000);
}

/**
 * The check-in codes of a booking: the QR code the desk scans (drawn by the engine as SVG), the short
 * code to read out, and when the desk takes them. The QR code is signed and bound to the booking: a
 * screenshot of it is worth nothing once the booking is checked in. While it is open the sheet follows the
 * booking (GET /reservations/{id}/check-in/state) and turns to "checked in at 18:02" when the desk scans it;
 * {@code changed} runs then (my bookings read again).
 */
export async function showCheckIn(r, changed) {
  const a = await Api.get('/reservations/' + r.reservationId + '/check-in');
  if (a.status !== 200) {
    if (a.status !== 401) {
      toast(a.message);
    }
    return;
  }
  const codes = a.data;
  const picture = h('div', { class: 'qr', role: 'img', 'aria-label': t('checkIn.qrLabel') });
  // the engine's own SVG (a path of squares, nothing from the student): safe to place as it is
  picture.innerHTML = codes.qrSvg;
  const state = h('p', { class: 'check-in-state', role: 'status' });
  const done = (checkedInTime) => {
    picture.hidden = true;
    state.className = 'check-in-state notice ok checked-in-now';
    setText(state, t('checkIn.done', playTime(checkedInTime, r.slotDate)));
  };
  if (codes.checkedInTime) {
    done(codes.checkedInTime);
  } else {
    state.className = 'check-in-state muted';
    setText(state, t('checkIn.window', playTime(codes.validFrom, r.slotDate), playTime(codes.validUntil, r.slotDate),
      playTime(codes.noShowAfter, r.slotDate)));
  }
  const follow = codes.checkedInTime ? null : followCheckIn(r.reservationId, {
    checkedIn(time) {
      done(time);
      if (changed) {
        changed();
      }
    },
    ended() {
      picture.hidden = true;
      state.className = 'check-in-state notice warn';
      setText(state, t('checkIn.ended'));
      if (changed) {
        changed();
      }
    }
  });
  openSheet(t('checkIn.title'), [
    h('p', {}, t('checkIn.body', ...slotWords(r))),
    picture,
    h('p', { class: 'check-code' }, h('span', { class: 'muted' }, t('checkIn.code') + ' '),
      h('strong', { 'data-code': codes.code }, codes.code)),
    state
  ], [], follow ? follow.stop : null);
  if (follow) {
    follow.start();
  }
}

/**
 * Follows one booking's check-in while its sheet is open: {@code on.checkedIn(time)} once the desk has checked it
 * in, {@code on.ended()} when it ended without (cancelled, a no-show). Asks nothing while the page is hidden, and at
 * once when it is shown again. Answers {start, stop}.
 */
export function followCheckIn(reservationId, on) {
  let timer = null;
  let stopped = false;
  let failures = 0;
  let retryAfter = 0;
  let asking = false;
  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) {
      timer = setTimeout(ask, checkInPollDelay(failures, retryAfter, Math.random()));
    }
  };
  const ask = async () => {
    if (stopped || asking) {
      return;
    }
    if (document.visibilityState !== 'visible') {
      return; // the page is out of sight: asked again when it is looked at (onVisible)
    }
    asking = true;
    const s = await Api.get('/reservations/' + reservationId + '/check-in/state');
    asking = false;
    if (stopped) {
      return;
    }
    if (s.status === 200) {
      failures = 0;
      retryAfter = 0;
      if (s.data.checkedInTime) {
        stop();
        on.checkedIn(s.data.checkedInTime);
        return;
      }
      if (s.data.status === 'CANCELLED') {
        stop();
        on.ended();
        return;
      }
    } else if (s.status === 401 || s.status === 403 || s.status === 404) {
      stop(); // signed out, or no longer this student's: nothing to follow
      return;
    } else {
      failures++;
      retryAfter = s.retryAfter || 0;
    }
    schedule();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && !stopped) {
      clearTimeout(timer);
      ask();
    } else {
      clearTimeout(timer);
    }
  };
  function stop() {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  }
  return {
    start() {
      document.addEventListener('visibilitychange', onVisible);
      schedule();
    },
    stop
  };
}

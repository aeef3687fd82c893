/* Small DOM helpers and the page's ways of writing dates, times and money. Every text goes in as text,
   never as markup. */
import { I18N } from './i18n.js';
import { courts } from './courts-store.js';

const t = I18N.t;

export const $ = (selector) => document.querySelector(selector);
export const sleep = (ms) => new Promise(resolve => setTimeout(resolve, ms));

/** An element with attributes, listeners (onclick...) and children (strings become text nodes). */
export function h(tag, attrs, ...children) {
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

export function setText(el, text) {
  if (el.textContent !== text) {
    el.textContent = text;
  }
}

/** What a screen reader (or a keyboard user's focus) says of a control. */
export function setLabel(el, text) {
  if (el.getAttribute('aria-label') !== text) {
    el.setAttribute('aria-label', text);
  }
}

export const yuan = (cents) => (cents / 100).toFixed(2);

export function addDays(date, days) {
  const d = new Date(date + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekday(date) {
  return I18N.weekday(new Date(date + 'T00:00:00Z').getUTCDay());
}

/**
 * Today in the gym's zone, as the engine said it (GET /calendar), or null before it has: never the phone's own date,
 * which another zone (or UTC) puts a day off for hours every night. Unknown, a time is written with its date.
 */
export function today() {
  return courts.calendar ? courts.calendar.today : null;
}

/** "2026-11-24" → "11-24 周二" */
export function dayLabel(date) {
  return date.slice(5) + ' ' + weekday(date);
}

/** A slot as words: "场地 1 11-26 周四 18:00–19:00", for labels that stand alone. */
export function slotName(slot) {
  return slot.courtName + ' ' + dayLabel(slot.slotDate) + ' ' + slot.startTime + '–' + slot.endTime;
}

/** A SHARE_USED refusal in words: the rule (DAY, WEEK or SAME_TIME) and the bookings that count against it. */
export function shareUsed(data) {
  const d = data || {};
  const held = (d.holding || []).map(h => slotName(h) + (h.asPartner ? t('share.asPartner') : ''));
  return t('share.' + (d.rule || 'DAY'), held.join(t('share.separator')));
}

/*
 * How a time is written (issue 83), decided from the dates involved, never from the hour:
 * - a moment of a game (checked in, when the desk takes the codes, a no-show): its time alone on the play date, else
 *   with its date (playTime);
 * - a deadline or a moment of the day (pay by, refund until, an offer held to, a notice, a block): its time alone on
 *   the gym's today, else with its date (wallTime, wallDeadline, dayTime) — today as the engine says it.
 * Gym wall times are never converted by the phone.
 */

/** A gym wall time "2026-11-24T13:05:00" as "13:05" on {@code day}, else "11-24 13:05". */
function timeOnDay(localDateTime, day) {
  if (!localDateTime) {
    return '';
  }
  const date = localDateTime.slice(0, 10);
  const time = localDateTime.slice(11, 16);
  return date === day ? time : date.slice(5) + ' ' + time;
}

/** A gym wall time as "13:05" today, else "11-24 13:05". */
export function wallTime(localDateTime) {
  return timeOnDay(localDateTime, today());
}

/** A moment of a game played on {@code playDate} ("2026-11-24"): "18:02" that day, else "11-25 00:10". */
export function playTime(localDateTime, playDate) {
  return timeOnDay(localDateTime, playDate);
}

/** A gym wall time as "今天 13:00" / "明天 13:00" / "11-26 周四 13:00". */
/** A deadline as wallTime, to the second when it falls within a minute (an offer held to 09:11:10). */
export function wallDeadline(localDateTime) {
  const shown = wallTime(localDateTime);
  const seconds = localDateTime ? localDateTime.slice(17, 19) : '';
  return seconds && seconds !== '00' ? shown + ':' + seconds : shown;
}

export function dayTime(localDateTime) {
  const date = localDateTime.slice(0, 10);
  const now = today();
  const day = !now ? dayLabel(date)
    : date === now ? t('day.today') : date === addDays(now, 1) ? t('day.tomorrow') : dayLabel(date);
  return day + ' ' + localDateTime.slice(11, 16);
}

/** A notice under a form: 'ok', 'info' or 'error', with its text. */
export function say(el, kind, text) {
  el.className = 'notice ' + kind;
  el.textContent = text;
  el.hidden = false;
}

let toastTimer = null;
export function toast(text) {
  const el = $('#toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4500);
}

/* Dates, times, money and slots as the page writes them: a game's times by its play date, deadlines by the gym's
   today as the engine said it — never the phone's date (decision 33). */
import { I18N } from './i18n.js';
import { courts } from './courts-store.js';

const t = I18N.t;

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

/** A deadline as wallTime, to the second when it falls within a minute (an offer held to 09:11:10). */
export function wallDeadline(localDateTime) {
  const shown = wallTime(localDateTime);
  const seconds = localDateTime ? localDateTime.slice(17, 19) : '';
  return seconds && seconds !== '00' ? shown + ':' + seconds : shown;
}

/** A gym wall time as "今天 13:00" / "明天 13:00" / "11-26 周四 13:00". */
export function dayTime(localDateTime) {
  const date = localDateTime.slice(0, 10);
  const now = today();
  const day = !now ? dayLabel(date)
    : date === now ? t('day.today') : date === addDays(now, 1) ? t('day.tomorrow') : dayLabel(date);
  return day + ' ' + localDateTime.slice(11, 16);
}

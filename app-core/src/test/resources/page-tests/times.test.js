/* How a time is written (issue 83): decided from the dates involved — the play date, the gym's today as the engine
   says it — never from the hour, nor from the phone's own date. */
import { I18N } from '/assets/i18n.js';
import { courts, takeCalendar } from '/assets/courts-store.js';
import { wallTime, wallDeadline, playTime, dayTime, dayLabel } from '/assets/format.js';
import { dayChips } from '/assets/courts-store.js';
import { equal, same } from './assert.js';

const t = I18N.t;

/** Runs {@code test} with the engine's calendar saying {@code today} (null: not said yet), then puts it back. */
function onGymDay(today, test) {
  const before = courts.calendar;
  const at = courts.calendarAt;
  takeCalendar(today ? { today, zone: 'Asia/Shanghai', openings: [] } : null, 0);
  try {
    test();
  } finally {
    takeCalendar(before, at);
  }
}

export default {
  'a moment of a game is written as its time on the play date, at any hour, whatever today is'() {
    for (const today of ['2026-11-28', '2026-11-29', '2026-11-30', null]) {
      onGymDay(today, () => {
        same([playTime('2026-11-29T01:21:00', '2026-11-29'), playTime('2026-11-29T23:59:00', '2026-11-29'),
          playTime('2026-11-29T00:00:00', '2026-11-29')], ['01:21', '23:59', '00:00'], 'on the play date: ' + today);
        equal(playTime('2026-11-30T00:10:00', '2026-11-29'), '11-30 00:10', 'the next day: with its date');
        equal(playTime(null, '2026-11-29'), '', 'none');
      });
    }
  },

  "a deadline is written as its time on the gym's today, else with its date"() {
    onGymDay('2026-11-29', () => {
      same([wallTime('2026-11-29T01:20:00'), wallTime('2026-11-30T01:20:00'), wallTime('2026-11-28T23:30:00')],
        ['01:20', '11-30 01:20', '11-28 23:30'], 'today, tomorrow, yesterday');
      same([wallDeadline('2026-11-29T00:10:30'), wallDeadline('2026-11-29T00:10:00')], ['00:10:30', '00:10'],
        'to the second within a minute');
      same([dayTime('2026-11-29T12:59:59'), dayTime('2026-11-30T00:10:00'), dayTime('2026-12-02T13:00:00')],
        [t('day.today') + ' 12:59', t('day.tomorrow') + ' 00:10', dayLabel('2026-12-02') + ' 13:00'], 'named days');
    });
  },

  "before the engine has said its today, a time is written with its date and no day is called today"() {
    onGymDay(null, () => {
      const date = new Date();
      const phone = date.toISOString().slice(0, 10) + 'T' + date.toISOString().slice(11, 19);
      equal(wallTime(phone), phone.slice(5, 10) + ' ' + phone.slice(11, 16), "the phone's date is not the gym's");
      equal(dayTime('2026-11-29T13:00:00'), dayLabel('2026-11-29') + ' 13:00', 'a date, not today or tomorrow');
      const days = dayChips(null, null, '2026-11-29');
      same(days.map(d => [d.date, d.name]), [['2026-11-29', I18N.weekday(0)]], 'only the date on screen, by weekday');
    });
  }
};

/* Venues and sports (SPEC §21): GET /venues once a visit (no sign-in needed), the student's pick of a venue and a sport
   remembered on the phone, the chips to pick with (shown only when there is more than one to pick), the query the
   courts screen asks /slots with, and where a booking is played ("East gym · North block"). */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { h } from './page.js';

const STORE = 'courtrush.place';
let venues = [];
let loading = null;

/** The venues and their sports, read once a visit; none while the engine has not answered. */
export function load() {
  if (!loading) {
    loading = Api.get('/venues').then(a => {
      if (a.status === 200) {
        venues = a.data;
      } else {
        loading = null; // asked again next time
      }
    });
  }
  return loading;
}

/** Each venue and sport a student may pick, in the engine's order. */
export function places() {
  return venues.flatMap(v => v.sports.map(s => ({ venueId: v.id, sport: s.code, venue: v, sportOf: s })));
}

/** The pick on this phone, if it is still one to pick. */
export function picked() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE));
    return places().find(p => saved && p.venueId === saved.venueId && p.sport === saved.sport) || null;
  } catch (e) {
    return null; // a pick saved by an older page, or none
  }
}

export function pick(place) {
  localStorage.setItem(STORE, JSON.stringify({ venueId: place.venueId, sport: place.sport }));
}

/** The place shown: the pick (else the first) when there is a choice of more than one; else null (every venue). */
function current() {
  return places().length > 1 ? (picked() || places()[0]) : null;
}

/** The venue picked, when there is a choice; else null (every venue). */
export function venueId() {
  const p = current();
  return p ? p.venueId : null;
}

/** What /slots is asked with: the pick's venue and sport when there is a choice ('' when there is none). */
export function query() {
  const p = current();
  return p ? '&venueId=' + p.venueId + '&sport=' + encodeURIComponent(p.sport) : '';
}

function named(o) {
  return I18N.lang === 'zh' ? o.nameZh : o.nameEn;
}

/** "Table-tennis room · Table tennis" */
export function label(place) {
  return named(place.venue) + ' · ' + named(place.sportOf);
}

/** Where a booking is played, when the centre has several venues: "East gym · North block, 2F"; else ''. */
export function where(booking) {
  const venue = venues.find(v => v.id === booking.venueId);
  if (!venue || venues.length < 2) {
    return '';
  }
  return venue.location ? named(venue) + ' · ' + venue.location : named(venue);
}

/** Shows the chips to pick a venue and sport with in {@code row}; the row is hidden when there is nothing to pick. */
export function show(row, onPick) {
  const all = places();
  const current = picked() || all[0];
  row.hidden = all.length < 2;
  row.replaceChildren(...(row.hidden ? [] : all.map(p => {
    const active = p.venueId === current.venueId && p.sport === current.sport;
    return h('button', {
      type: 'button', class: 'chip venue' + (active ? ' active' : ''), 'aria-pressed': active ? 'true' : 'false',
      onclick: () => { pick(p); onPick(); }
    }, label(p));
  })));
}

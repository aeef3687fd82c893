/* CourtRush students' page — a fair draw a student can read (#/draw/<openingId>/<date>): when it ran, how many
   entered, whether and where the signed-in student was drawn, their entry id, the commitment, and "verified ✓"
   computed here from the published record (draw-check.js), or "✗" with what does not match, in words. Slots
   are named as court, date and time from /slots of the opening's date. The record downloads as the engine
   published it. Requests: GET /draws/{id} (as a file: its bytes are what downloads), GET
   /reserve/draws/{id}/entry, GET /slots?date= (once each time the view is shown). */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { page, $, h } from './page.js';
import { dayLabel, slotName } from './format.js';
import { checkDraw } from './draw-check.js';
import { webCrypto } from './sha.js';

const t = I18N.t;

/** What the view shows: kept for a redraw in the other language. */
let shown = null;
let fileUrl = null;

/** Shows opening {@code sessionId}'s draw; {@code date} (its day) names its slots. */
export async function enter(sessionId, date) {
  const epoch = page.epoch;
  shown = { sessionId, date, loading: true };
  render();
  const [file, entry, slots] = await Promise.all([
    Api.download('/draws/' + sessionId),
    Api.get('/reserve/draws/' + sessionId + '/entry'),
    date ? Api.get('/slots?date=' + encodeURIComponent(date)) : Promise.resolve(null)
  ]);
  if (epoch !== page.epoch || page.view !== 'draw' || !shown || shown.sessionId !== sessionId) {
    return; // signed out or gone elsewhere meanwhile
  }
  const view = { sessionId, date, loading: false };
  if (!file.blob) {
    view.error = file.message;
    shown = view;
    render();
    return;
  }
  const text = await file.blob.text();
  let published = null;
  try {
    const envelope = JSON.parse(text);
    published = envelope && envelope.data;
  } catch (e) {
    console.warn('The draw of opening ' + sessionId + ' came back unreadable', e);
  }
  const opening = slots && slots.status === 200 && Array.isArray(slots.data)
    ? slots.data.find(o => o.sessionId === sessionId) : null;
  view.published = published;
  view.opening = opening || null;
  view.entryId = entry.status === 200 && entry.data ? entry.data.entryId : null;
  view.webCrypto = webCrypto();
  if (published && published.record) {
    // the commitment this page was shown before the draw (on /slots), else the one published beside the record
    view.check = await checkDraw(published, opening && opening.drawCommitment, view.webCrypto);
  }
  if (fileUrl) {
    URL.revokeObjectURL(fileUrl);
  }
  fileUrl = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  if (epoch === page.epoch && page.view === 'draw' && shown && shown.sessionId === sessionId) {
    shown = view;
    render();
  }
}

/** The view again (a language switch). */
export function redraw() {
  if (shown) {
    render();
  }
}

/** A slot of the record ("7") as words: court, date and time when the page knows it. */
function slotWords(view, slotId) {
  const slot = view.opening && view.opening.slots.find(s => String(s.slotId) === String(slotId));
  return slot ? slotName(Object.assign({ slotDate: view.opening.sessionDate }, slot)) : t('draw.slotId', slotId);
}

const short = (hex) => String(hex || '').slice(0, 12) + '…';

/** A problem the check found, in words. */
export function problemText(view, p) {
  switch (p.kind) {
    case 'shape': return t('draw.bad.shape', p.field);
    case 'commitment': return t('draw.bad.commitment', short(p.ofSecret), short(p.published));
    case 'recordCommitment': return t('draw.bad.recordCommitment', short(p.inRecord), short(p.published));
    case 'digest': return t('draw.bad.digest', short(p.computed), short(p.published));
    case 'count': return t('draw.bad.count', p.computed, p.published);
    default: {
      const said = (w) => (w ? t('draw.bad.pick', short(w.id), slotWords(view, w.slot)) : t('draw.bad.nobody'));
      return t('draw.bad.winner', p.place, said(p.computed), said(p.published));
    }
  }
}

/** The student's part: drawn (where), not drawn, expired, or not entered. */
function yours(view, record) {
  const id = view.entryId;
  const entry = id ? record.entries.find(e => e.id === id) : null;
  if (!entry) {
    return t('draw.you.none');
  }
  const won = record.winners.find(w => w.id === id);
  if (entry.expired) {
    return t('draw.you.expired');
  }
  if (!view.check || !view.check.holds) {
    // the re-run's order is not the draw's when the record does not hold: only what the record says
    return won ? t('draw.you.wonUnchecked', slotWords(view, won.slot)) : t('draw.you.lostUnchecked');
  }
  const order = view.check.order;
  const place = order.indexOf(id) + 1;
  if (won) {
    return t('draw.you.won', slotWords(view, won.slot), place, order.length);
  }
  return t('draw.you.lost', place, order.length);
}

function fact(label, ...value) {
  return h('div', { class: 'draw-fact' }, h('dt', {}, label), h('dd', {}, ...value));
}

function render() {
  const root = $('#draw-body');
  const view = shown;
  const back = h('a', { class: 'small', href: view.date ? '#/slots/' + view.date : '#/slots' }, t('draw.back'));
  if (view.loading) {
    root.replaceChildren(back, h('p', { class: 'empty' }, t('loading')));
    return;
  }
  if (view.error || !view.published) {
    root.replaceChildren(back, h('p', { class: 'notice error', role: 'alert' }, view.error || t('draw.unreadable')));
    return;
  }
  const published = view.published;
  const record = published.record;
  const title = h('h1', {}, t('draw.pageTitle', view.date ? dayLabel(view.date) : '#' + view.sessionId));
  if (!record) {
    root.replaceChildren(back, title, h('p', { class: 'notice info' }, t('draw.notYet')),
      h('dl', { class: 'draw-facts' }, fact(t('draw.commitmentLabel'), h('code', {}, published.commitment)),
        view.entryId ? fact(t('draw.entryLabel'), h('code', {}, view.entryId)) : null));
    return;
  }
  const check = view.check;
  const verdict = check.holds
    ? h('p', { class: 'draw-verdict ok', id: 'draw-verdict', role: 'status' }, t('draw.verified'))
    : h('div', { class: 'draw-verdict bad', id: 'draw-verdict', role: 'alert' },
      h('p', {}, t('draw.mismatch')),
      h('ul', { class: 'draw-problems' }, check.problems.map(p => h('li', {}, problemText(view, p)))));
  const shape = check.problems.some(p => p.kind === 'shape');
  const places = shape ? 0 : Object.values(record.places).reduce((a, b) => a + b, 0);
  const facts = shape ? null : h('dl', { class: 'draw-facts' },
    fact(t('draw.ranLabel'), published.drawnTime
      ? dayLabel(published.drawnTime.slice(0, 10)) + ' ' + published.drawnTime.slice(11, 19) : '—'),
    fact(t('draw.enteredLabel'), t(places === 1 ? 'draw.countsOnePlace' : 'draw.counts', record.entries.length,
      places, record.winners.length)),
    fact(t('draw.youLabel'), yours(view, record)),
    view.entryId ? fact(t('draw.entryLabel'), h('code', {}, view.entryId)) : null,
    fact(t('draw.commitmentLabel'), h('code', {}, published.commitment)),
    fact(t('draw.secretLabel'), h('code', {}, record.secret)),
    record.open ? null : fact(t('draw.closedLabel'), t('draw.closed')));
  const winners = shape ? null : h('details', { class: 'draw-winners' },
    h('summary', {}, t('draw.winnersTitle', record.winners.length)),
    h('ol', {}, record.winners.map(w => h('li', {}, h('code', {}, short(w.id)), ' → ', slotWords(view, w.slot),
      w.id === view.entryId ? t('draw.winnerYou') : ''))));
  const download = h('a', { class: 'button secondary', id: 'draw-download', href: fileUrl,
    download: 'draw-' + view.sessionId + '.json' }, t('draw.download'));
  root.replaceChildren(back, title, verdict, facts, winners,
    h('p', { class: 'muted small', id: 'draw-how' }, t(view.webCrypto ? 'draw.how.webCrypto' : 'draw.how.builtIn')),
    h('div', { class: 'actions' }, download),
    h('p', { class: 'muted small' }, t('draw.yourself')));
}

/** Forgets what was shown (sign-out). */
export function forget() {
  shown = null;
  if (fileUrl) {
    URL.revokeObjectURL(fileUrl);
    fileUrl = null;
  }
  const root = $('#draw-body');
  if (root) {
    root.replaceChildren();
  }
}

/* The notices view (SPEC §17): what happened to the student's bookings, newest first, and the badge on its
   tab. The badge asks GET /notices/unread when the page starts, every minute while the page is visible and
   signed in — every 4–7 s (jittered) while my bookings are on screen — and after the student's own actions; the
   list is read when the view is shown. Its answer also carries the change stamp of the student's notices: every
   change someone else makes to their bookings (the desk marks paid, staff cancel, an offer, a partner's answer)
   writes a notice with it, so a stamp that moved means my bookings are read again (whenChanged). */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { page, $, h, setText, toast } from './page.js';
import { dayTime } from './format.js';

const t = I18N.t;
const BADGE_EVERY_MS = 60000;
const MINE_EVERY_MS = 4000;
const MINE_JITTER_MS = 3000;
const PAGE = 20;

let shown = [];          // the notices on screen, newest first: this module's own
let timer = null;
let stamp = null;        // the change stamp last read (null: none yet since sign-in)
let failures = 0;        // badge reads in a row that did not come back
let retryAfter = 0;
let onChanged = () => {};

/** Wires the view's buttons and the badge's catching up when the page is looked at again. */
export function start() {
  $('#inbox-read-all').addEventListener('click', readAll);
  $('#inbox-more').addEventListener('click', () => loadInbox(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Session.current) {
      watchBadge();
    }
  });
}

/** {@code changed()} runs when the change stamp moves: something changed for the student (not the first read). */
export function whenChanged(changed) {
  onChanged = changed;
}

function showBadge(count) {
  const badge = $('#inbox-badge');
  badge.hidden = count <= 0;
  setText(badge, count > 99 ? '99+' : String(count));
  badge.setAttribute('aria-label', t('inbox.unread', count));
  $('#inbox-read-all').hidden = count <= 0;
}

/**
 * How long the badge waits before it asks again: every 4–7 s while my bookings are on screen, else a minute;
 * after {@code failures} unanswered reads in a row twice as long each time, up to a minute, and never less than the
 * engine's Retry-After (s).
 */
export function badgeDelay(view, failures, retryAfter, random) {
  const base = view === 'mine' ? MINE_EVERY_MS + random * MINE_JITTER_MS : BADGE_EVERY_MS;
  const backedOff = failures > 0 ? Math.min(BADGE_EVERY_MS, Math.max(base, MINE_EVERY_MS * 2 ** failures)) : base;
  return Math.max(backedOff, (retryAfter || 0) * 1000);
}

/** Asks how many notices are unread (and whether anything changed), now and then on badgeDelay's schedule. */
export async function watchBadge() {
  clearTimeout(timer);
  if (!Session.current) {
    return;
  }
  if (document.visibilityState === 'visible') {
    const epoch = page.epoch;
    const a = await Api.get('/notices/unread');
    if (epoch !== page.epoch) {
      return; // for the student who signed out
    }
    if (a.status === 200) {
      failures = 0;
      retryAfter = 0;
      showBadge(a.data.unread);
      const moved = stamp !== null && a.data.changes !== stamp;
      stamp = a.data.changes;
      if (moved) {
        onChanged();
      }
    } else if (a.status !== 401) {
      failures++;
      retryAfter = a.retryAfter || 0;
    }
  }
  clearTimeout(timer);
  timer = setTimeout(watchBadge, badgeDelay(page.view, failures, retryAfter, Math.random()));
}

/** Signed out: nothing of the student's stays on screen. */
export function forgetNotices() {
  clearTimeout(timer);
  stamp = null;
  failures = 0;
  retryAfter = 0;
  shown = [];
  showBadge(0);
  $('#inbox-list').replaceChildren();
}

export async function loadInbox(more) {
  const before = more && shown.length ? '&before=' + shown[shown.length - 1].id : '';
  const a = await Api.get('/notices?size=' + PAGE + before);
  if (a.status !== 200) {
    if (a.status !== 401) {
      toast(a.message);
    }
    return;
  }
  shown = more ? shown.concat(a.data.notices) : a.data.notices;
  showBadge(a.data.unread);
  $('#inbox-more').hidden = a.data.notices.length < PAGE;
  renderInbox();
}

export function renderInbox() {
  $('#inbox-empty').hidden = shown.length > 0;
  $('#inbox-list').replaceChildren(...shown.map(item));
}

function item(n) {
  return h('article', {
    class: 'inbox-item' + (n.read ? '' : ' unread'), 'data-notice': n.id, 'data-kind': n.kind,
    onclick: () => read(n),
  },
  h('h2', {}, n.title),
  h('p', {}, n.text),
  // straight to its booking or offer (#/mine/booking/7, #/mine/offer/12), as the notice's email links to it
  n.link ? h('p', {}, h('a', { class: 'inbox-open', href: n.link }, t('inbox.open'))) : null,
  h('p', { class: 'inbox-when' }, dayTime(n.createTime)));
}

async function read(n) {
  if (n.read) {
    return;
  }
  const a = await Api.post('/notices/' + n.id + '/read');
  if (a.status === 200) {
    n.read = true;
    showBadge(a.data.unread);
    renderInbox();
  }
}

async function readAll() {
  const button = $('#inbox-read-all');
  button.disabled = true;
  const a = await Api.post('/notices/read-all');
  button.disabled = false;
  if (a.status === 200) {
    shown.forEach(n => { n.read = true; });
    showBadge(0);
    renderInbox();
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

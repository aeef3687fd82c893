/* The notices view (SPEC §17): what happened to the student's bookings, newest first, and the badge on its
   tab. The badge asks GET /notices/unread when the page starts, every minute while the page is visible and
   signed in, and after the student's own actions; the list is read when the view is shown. */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { $, h, setText, dayTime, toast } from './dom.js';

const t = I18N.t;
const BADGE_EVERY_MS = 60000;
const PAGE = 20;

let shown = [];          // the notices on screen, newest first: this module's own
let timer = null;

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

function showBadge(count) {
  const badge = $('#inbox-badge');
  badge.hidden = count <= 0;
  setText(badge, count > 99 ? '99+' : String(count));
  badge.setAttribute('aria-label', t('inbox.unread', count));
  $('#inbox-read-all').hidden = count <= 0;
}

/** Asks how many notices are unread, now and every minute while the page is visible and signed in. */
export async function watchBadge() {
  clearTimeout(timer);
  if (!Session.current) {
    return;
  }
  if (document.visibilityState === 'visible') {
    const a = await Api.get('/notices/unread');
    if (a.status === 200) {
      showBadge(a.data.unread);
    }
  }
  timer = setTimeout(watchBadge, BADGE_EVERY_MS);
}

/** Signed out: nothing of the student's stays on screen. */
export function forgetNotices() {
  clearTimeout(timer);
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

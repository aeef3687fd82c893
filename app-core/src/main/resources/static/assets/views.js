/* Which view is on screen: its section shown, the others hidden, its tab marked, who is signed in in the
   bar. The view's name goes to page-store.js, whose subscribers (the courts' timers) follow it. And what the
   address asks for: a route, or a return from WeChat's OAuth (inside WeChat), which my bookings takes up. */
import { Session } from './api.js';
import { showView } from './page-store.js';
import { $, setText } from './dom.js';

export const VIEWS = ['signin', 'slots', 'mine', 'inbox', 'account', 'draw'];

/** Where a return from WeChat's OAuth waits for my bookings (sheets.js resumes the payment). */
export const WECHAT_RETURN = 'courtrush.wechatReturn';

export function setView(name) {
  $('#booting').hidden = true;
  for (const id of VIEWS) {
    $('#view-' + id).hidden = id !== name;
  }
  $('#tabs').hidden = name === 'signin';
  document.querySelectorAll('#tabs a').forEach(a => {
    a.classList.toggle('active', a.dataset.tab === name);
    if (a.dataset.tab === name) {
      a.setAttribute('aria-current', 'page');
    } else {
      a.removeAttribute('aria-current');
    }
  });
  const who = Session.current;
  setText($('#who'), who && name !== 'signin' ? (who.name || who.studentId) : '');
  showView(name);
}

/** No view but "loading…": a screen's modules are on their way. */
export function showLoading() {
  $('#booting').hidden = false;
  for (const id of VIEWS) {
    $('#view-' + id).hidden = true;
  }
  $('#tabs').hidden = true;
}

/** The view and date a location hash asks for; the courts when it asks for nothing known. A notice's link names
    one booking or offer of mine ({@code #/mine/booking/7}, {@code #/mine/offer/12}: the slot's id); a fair draw's
    page names its opening and day ({@code #/draw/5/2026-11-26}). */
export function route(hash) {
  const draw = hash.match(/^#\/draw\/(\d+)(?:\/(\d{4}-\d{2}-\d{2}))?$/);
  if (draw) {
    return { view: 'draw', date: draw[2] || null, sessionId: Number(draw[1]) };
  }
  const mine = hash.match(/^#\/mine\/(booking|offer)\/(\d+)$/);
  if (mine) {
    return { view: 'mine', date: null, focus: { kind: mine[1], id: mine[2] } };
  }
  const m = hash.match(/^#\/(slots|mine|inbox|account)(?:\/(\d{4}-\d{2}-\d{2}))?$/);
  return m ? { view: m[1], date: m[2] || null } : { view: 'slots', date: null };
}

/**
 * WeChat's OAuth sent the student back here ({@code ?pay=<id>&code=…&state=…}): kept for my bookings, which pays
 * with it (sheets.js), and the address made plain again so a reload asks nothing twice.
 */
export function takeWechatReturn() {
  const q = new URLSearchParams(location.search);
  if (!q.get('pay') || !q.get('code')) {
    return;
  }
  sessionStorage.setItem(WECHAT_RETURN, JSON.stringify({ id: Number(q.get('pay')), code: q.get('code'), state: q.get('state') }));
  history.replaceState(null, '', location.pathname + '#/mine');
}

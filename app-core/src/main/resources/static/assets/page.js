/* The page's frame, which every screen uses and the sign-in form needs — one module, so that a phone on a weak
   network gets the sign-in form's files in one turn of its six connections (issue 78; docs/student-page.md):
   - small DOM helpers: elements, their texts and labels, a notice, a toast. Every text goes in as text, never as
     markup (format.js writes dates, times and money);
   - the store: a few fields that one module owns. Everyone reads them (`state`, which refuses writes); only the
     module that made the store changes them, through the functions it exports, and whoever subscribed hears of
     each change — with the names of the fields that changed — synchronously, in the order they subscribed;
   - the page's own store: which view is on screen, the sign-in epoch (a new sign-in starts a new one; answers for
     an earlier one are dropped) and whether the engine was reached by the last call;
   - which view is on screen: its section shown, the others hidden, its tab marked, who is signed in in the bar
     (the courts' timers follow the view through the page's store); what the address asks for: a route, or a
     return from WeChat's OAuth (inside WeChat), which my bookings takes up. */
import { Session } from './api.js';

// ---- DOM helpers ------------------------------------------------------------------------------

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

// ---- the store --------------------------------------------------------------------------------

export function createStore(fields) {
  const data = Object.assign({}, fields);
  const listeners = [];
  const state = new Proxy(data, {
    set(target, key) {
      throw new TypeError(`"${String(key)}" belongs to its store: change it through the store's functions`);
    },
    deleteProperty(target, key) {
      throw new TypeError(`"${String(key)}" belongs to its store: change it through the store's functions`);
    }
  });
  return {
    state,
    /** Takes the fields of {@code patch} (none: the fields' contents changed) and tells every subscriber. */
    change(patch) {
      Object.assign(data, patch || {});
      const changed = Object.keys(patch || {});
      for (const listener of listeners.slice()) {
        listener(state, changed);
      }
    },
    /** Calls {@code listener(state, changedFieldNames)} after each change; answers a function that stops it. */
    subscribe(listener) {
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) {
          listeners.splice(at, 1);
        }
      };
    }
  };
}

// ---- the page's own store -----------------------------------------------------------------------

const pageStore = createStore({ view: null, epoch: 0, unreachable: false });

export const page = pageStore.state;
export const subscribe = pageStore.subscribe;

export function showView(view) {
  pageStore.change({ view });
}

/** What belonged to the student who was signed in is dropped: late answers for them are ignored. */
export function nextEpoch() {
  pageStore.change({ epoch: page.epoch + 1 });
}

export function setReached(reached) {
  pageStore.change({ unreachable: !reached });
}

// ---- which view is on screen -------------------------------------------------------------------

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

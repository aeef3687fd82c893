/* The screens after sign-in: which one a route shows (the courts, my bookings, notices, account, a fair draw's page),
   what belonged to the student (forgotten on sign-out in every store), what the engine coming back means for the
   screen on view, and the screens redrawn in another language. app.js asks for this module, and every module it
   imports, at once: when a student is signed in at the start, or while the sign-in form is filled in. */
import { Api } from './api.js';
import { page, toast, setView, route } from './page.js';
import * as Courts from './courts-store.js';
import * as Taps from './tap-store.js';
import * as Bookings from './bookings-store.js';
import { I18N } from './i18n.js';
import * as CourtsScreen from './courts.js';
import * as BookingsScreen from './bookings.js';
import * as AccountScreen from './account.js';
import * as Inbox from './notices.js';
import { closeSheet } from './sheets.js';
import * as WechatNotices from './wechat-notices.js';

const t = I18N.t;

/**
 * The draw's page and its checker (SHA-256/SHA-1 in JavaScript) load when a student opens it, not with the screens:
 * three modules fewer on a weak network.
 */
let drawn = null;
async function drawScreen() {
  drawn = drawn ?? (await import('./draw.js'));
  return drawn;
}

/** Wires the screens once: {@code signOut} is the account screen's button. */
export function start(signOut) {
  CourtsScreen.start();
  BookingsScreen.start();
  Inbox.start();
  Inbox.whenChanged(() => BookingsScreen.loadMine()); // something changed for the student: cards and rows redrawn
  AccountScreen.start(signOut);
}

/** Shows the screen {@code hash} asks for (the courts when it asks for nothing known). */
export async function show(hash) {
  const r = route(hash);
  setView(r.view);
  if (r.view !== 'inbox') {
    Inbox.watchBadge(); // a change of view is when a student looks: the badge catches up (the inbox counts itself)
  }
  if (r.view === 'slots') {
    await CourtsScreen.enter(r.date);
  } else if (r.view === 'mine') {
    BookingsScreen.renderMine();
    await BookingsScreen.loadMine();
    BookingsScreen.resumePayment();
    BookingsScreen.focus(r.focus);
  } else if (r.view === 'inbox') {
    Inbox.renderInbox();
    await Inbox.loadInbox(false);
  } else if (r.view === 'draw') {
    await (await drawScreen()).enter(r.sessionId, r.date);
  } else {
    AccountScreen.renderAccount();
  }
}

/** What belonged to the student who was signed in: gone from every store and screen. */
export function forget() {
  Bookings.forget();
  Taps.forget();
  Courts.forget();
  AccountScreen.forgetCalendar();
  Inbox.forgetNotices();
  WechatNotices.forget();
  drawn?.forget();
  closeSheet();
}

/** The engine answers again: notes the outage left are cleared, and the places and my bookings are read again at once. */
export function backOnline(path) {
  Taps.dropNotes(n => n.network); // the rows on screen redraw from the store
  if (page.view === 'slots') {
    toast(t('net.back'));
  }
  if (page.view === 'slots' && path.startsWith('/slots')) {
    BookingsScreen.loadMine(); // the places are on their way in the answer that found the engine
  } else {
    refreshNow();
  }
}

/** Reads what the view shows again now (the banner's button, the browser back online, the engine back). */
export function refreshNow() {
  if (page.view === 'slots') {
    CourtsScreen.refreshNow();
  } else if (page.view === 'mine') {
    BookingsScreen.loadMine();
  } else {
    Api.get('/ping'); // sign-in and account show no engine data: only whether it answers
  }
}

/** The courts' refresh forgets its failures: the next one is not put off (the browser back online, "retry"). */
export function forgetFailures() {
  Courts.forgetFailures();
}

/** The screen on view in the page's language now. */
export function redraw() {
  if (page.view === 'slots') {
    CourtsScreen.redraw();
  } else if (page.view === 'mine') {
    BookingsScreen.renderMine();
  } else if (page.view === 'inbox') {
    Inbox.loadInbox(false); // the notices' texts come from the engine, in the language asked
  } else if (page.view === 'account') {
    AccountScreen.renderAccount();
  } else if (page.view === 'draw') {
    drawn?.redraw();
  }
}

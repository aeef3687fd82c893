/* CourtRush students' page: the flow. Plain DOM, no framework: every text from the server goes in as text,
   never as markup. The gate's countdown runs on the engine's word (msToOpen, measured on the clock
   that opens the gate) and this page's monotonic clock, never on the phone's wall clock.

   Requests it makes (docs/student-page.md lists them; the bench replays them):
   - on load: GET /calendar, GET /slots?date=, GET /reservations/mine, GET /notices/reminders (again each time
     the courts are shown, never on their refresh); "remind me" on an opening: PUT/DELETE /notices/reminders/{id}
   - while the courts are on screen and the tab visible: GET /slots every 4-7 s (jittered), GET /calendar
     every minute; nothing while hidden
   - a tap: one POST /reserve/ (never retried by the page; on a fair-draw opening, from its warm-up
     until the draw closes, it enters the draw, naming the slots marked "also OK"); after 202, GET /reserve/result/{trace} after pauses of 0.25, 0.5,
     1, 1.5, 2, then 3 s until it settles (a draw entry's from the draw's close); then /reservations/mine
     and /slots once
   - my bookings: GET /reservations/mine when shown or changed; the pay sheet: POST /pay/wechat/{id}
     once, then GET /pay/reservation/{id} every 3 s while it is open
   - a sign-in that has not answered in a second: GET /auth/sign-in-hold once, to say why it waits
   - the sign-in view: GET /auth/options and GET /auth/campus each time it is shown (whether "forgot password" by
     email and the campus sign-in are offered); the account view: GET /auth/email
   - the campus sign-in: its button navigates the page to /auth/campus/start; back at /#campus=<code>, POST
     /auth/campus/token once; a campus session signs out with POST /auth/campus/logout
   - a fair draw's page (#/draw/<opening>/<date>): GET /draws/{id}, GET /reserve/draws/{id}/entry and GET
     /slots?date= once each time it is shown; the draw is checked in the page (draw-check.js)
   - notices: GET /notices/unread on start and every minute while visible (the tab's badge), every 4-7 s while my
     bookings are on screen; its change stamp moved: my bookings read again; GET /notices when the view is shown
   - the check-in sheet: GET /reservations/{id}/check-in once, then GET /reservations/{id}/check-in/state every
     2-3 s while it is open and visible, until checked in
   While the engine cannot be reached a banner says so; the slot refresh backs off (up to 15 s) and the
   first answer after it refreshes the list and my bookings and clears notes the outage left.

   This module routes between the screens (courts.js, bookings.js, notices.js, account.js, draw.js; signin.js before
   sign-in), forgets the student on sign-out in every store, keeps the network banner and the language, and
   starts the page. Each screen owns its own state or reads it from the stores (*-store.js), which only their
   own functions change (docs/student-page.md has the map). */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { page, nextEpoch, setReached } from './page-store.js';
import * as Courts from './courts-store.js';
import * as Taps from './tap-store.js';
import * as Bookings from './bookings-store.js';
import { $, setText, toast } from './dom.js';
import { setView, route } from './views.js';
import * as CourtsScreen from './courts.js';
import * as BookingsScreen from './bookings.js';
import * as AccountScreen from './account.js';
import * as SigninScreen from './signin.js';
import { endSession } from './campus.js';
import * as Inbox from './notices.js';
import { closeSheet, takeWechatReturn } from './sheets.js';

/**
 * The draw's page and its checker (SHA-256/SHA-1 in JavaScript) load when a student opens it, not with the page:
 * three modules fewer before the sign-in form on a weak network.
 */
let drawn = null;
async function drawScreen() {
  drawn = drawn ?? (await import('./draw.js'));
  return drawn;
}

const t = I18N.t;

// ---- views and routing --------------------------------------------------------------------

async function show() {
  if (!Session.current) {
    SigninScreen.showSignin();
    return;
  }
  const r = route(location.hash);
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

// ---- sign out ------------------------------------------------------------------------------

/** What belonged to the student who was signed in: gone, and late answers for them ignored. */
function forgetStudent() {
  nextEpoch();
  Bookings.forget();
  Taps.forget();
  Courts.forget();
  AccountScreen.forgetCalendar();
  Inbox.forgetNotices();
  drawn?.forget();
  closeSheet();
}

Api.onUnauthorized = () => {
  sessionStorage.setItem('courtrush.return', location.hash || '#/slots');
  Session.clear();
  forgetStudent();
  SigninScreen.showSignin(t('signin.expired'));
};

async function signOut() {
  const directoryLogout = await endSession(); // a campus session may also be ended at the university: offered
  Session.clear();
  forgetStudent();
  SigninScreen.showSignin(t('signin.signedOut'), directoryLogout);
}

// ---- the network ---------------------------------------------------------------------------

/**
 * Every call says whether the engine was reached. Lost: the banner says so (the places on screen
 * may be out of date) and the refresh backs off. Back: the banner goes, notes the outage left are
 * cleared, and the places and my bookings are read again at once.
 */
function reachability(reached, path) {
  if (reached === !page.unreachable) {
    return; // no change
  }
  setReached(reached);
  $('#net').hidden = reached;
  if (!reached) {
    return;
  }
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
function refreshNow() {
  if (page.view === 'slots') {
    CourtsScreen.refreshNow();
  } else if (page.view === 'mine') {
    BookingsScreen.loadMine();
  } else {
    Api.get('/ping'); // sign-in and account show no engine data: only whether it answers
  }
}

// ---- language ------------------------------------------------------------------------------

function applyLanguage() {
  I18N.apply(document);
  setText($('#lang'), t('lang.switch'));
  setText($('#net-text'), t('net.lost'));
  setText($('#net-retry'), t('net.retry'));
}

function switchLanguage() {
  I18N.set(I18N.lang === 'zh' ? 'en' : 'zh');
  applyLanguage();
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
  } else if (page.view === 'signin') {
    SigninScreen.redraw();
  }
}

// ---- start ---------------------------------------------------------------------------------

Api.onReach = reachability;
window.addEventListener('offline', () => reachability(false));
window.addEventListener('online', () => {
  if (page.unreachable) {
    Courts.forgetFailures();
    Api.get('/ping'); // its answer, if any, brings the rest back
  }
});
$('#net-retry').addEventListener('click', () => {
  Courts.forgetFailures();
  refreshNow();
});
CourtsScreen.start();
BookingsScreen.start();
Inbox.start();
Inbox.whenChanged(() => BookingsScreen.loadMine()); // something changed for the student: cards and rows redrawn
AccountScreen.start(signOut);
SigninScreen.start(show);
$('#lang').addEventListener('click', switchLanguage);
window.addEventListener('hashchange', show);
applyLanguage();
takeWechatReturn(); // back from WeChat's OAuth (inside WeChat): kept for my bookings, the address made plain
if (!SigninScreen.cameBackFromCampus(show)) {
  show();
}

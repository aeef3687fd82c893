/* CourtRush students' page: the flow. Plain DOM, no framework: every text from the server goes in as text,
   never as markup. The gate's countdown runs on the engine's word (msToOpen, measured on the clock
   that opens the gate) and this page's monotonic clock, never on the phone's wall clock.

   Requests it makes (docs/student-page.md lists them; the bench replays them):
   - on load: GET /venues (once a visit), GET /calendar, GET /slots?date= (with the venue and sport picked when
     there is a choice), GET /reservations/mine, GET /notices/reminders (again each time
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

   This module starts the page with what its first screen needs and no more (index.html preloads exactly that, five
   modules, so a weak phone gets the sign-in form in two round trips and one turn of its six connections: issue 78):
   the sign-in form, the network banner, the language. The screens after sign-in (signed-in.js: courts.js, bookings.js, notices.js, account.js, draw.js) are
   asked for all at once when a student is signed in, or once the form is usable, while they type; it routes to them,
   and forgets the student on sign-out. Each screen owns its own state or reads it from the stores (*-store.js, the
   page's own in page.js), which only their own functions change (docs/student-page.md has the map). */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { page, nextEpoch, setReached, $, setText, showLoading, takeWechatReturn } from './page.js';
import * as SigninScreen from './signin.js';
import { endSession } from './campus.js';

const t = I18N.t;

// ---- the screens after sign-in ---------------------------------------------------------------

let screens = null;      // signed-in.js once it started
let loading = null;      // the promise of it, while on its way
let loadFailed = false;  // a module did not come: a browser may keep that failure until the page is loaded again

/**
 * The screens after sign-in and every module they import, asked for at once (one round trip on a weak network, not
 * one per level of imports; PagePreloadTest holds this list to what signed-in.js imports), with their texts in the
 * page's language. The draw's page comes only when opened (signed-in.js).
 */
function loadScreens() {
  loading ??= Promise.all([
    import('./signed-in.js'),
    import('./account.js'),
    import('./bookings-store.js'),
    import('./bookings.js'),
    import('./check-in.js'),
    import('./clock.js'),
    import('./court-rows.js'),
    import('./courts-store.js'),
    import('./courts.js'),
    import('./format.js'),
    import('./money.js'),
    import('./notices.js'),
    import('./partners.js'),
    import('./passes.js'),
    import('./reserve.js'),
    import('./sheets.js'),
    import('./tap-store.js'),
    import('./tap.js'),
    import('./venues.js'),
    import('./wechat-notices.js'),
    I18N.load()
  ]).then(([signedIn]) => {
    screens = signedIn;
    screens.start(signOut);
    applyScreensLanguage();
    return screens;
  }, e => {
    loading = null;
    loadFailed = true;
    throw e;
  });
  return loading;
}

/** Once the sign-in form is usable: the screens come while the student types (a failure waits for the sign-in). */
function loadScreensSoon() {
  setTimeout(() => loadScreens().catch(() => {}), 0);
}

// ---- views and routing --------------------------------------------------------------------

async function show() {
  if (!Session.current) {
    SigninScreen.showSignin();
    loadScreensSoon();
    return;
  }
  if (!screens) {
    showLoading();
  }
  let shown;
  try {
    [shown] = await Promise.all([loadScreens(), I18N.load()]); // the language may have changed since they were asked
  } catch (e) {
    console.warn('The screens after sign-in did not load', e);
    reachability(false); // the banner's "retry" loads the page again
    return;
  }
  if (Session.current) {
    learnWhoIAm();
    await shown.show(location.hash);
  }
}

let whoAsked = false;

/** Once a page load: what I book as now (SPEC §21), for the prices shown before a tap. */
function learnWhoIAm() {
  if (whoAsked) {
    return;
  }
  whoAsked = true;
  Api.get('/auth/me').then((a) => {
    if (a.status === 200) {
      Session.learn(a.data);
    }
  });
}

// ---- sign out ------------------------------------------------------------------------------

/** What belonged to the student who was signed in: gone, and late answers for them ignored. */
function forgetStudent() {
  nextEpoch();
  screens?.forget();
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

/** The gym's time a maintenance the engine announced ends ('YYYY-MM-DDTHH:MM:SS'), until it is reached again. */
let maintenanceUntil = null;

/**
 * Every call says whether the engine was reached. Lost: the banner says so (the places on screen
 * may be out of date) and the refresh backs off. Back: the banner goes, and the screen on view reads
 * what it shows again at once (signed-in.js). A node in maintenance said until when: the banner says
 * "maintenance, back at …" instead, and goes on saying it while the node is down (being upgraded).
 */
function reachability(reached, path, maintenance) {
  if (maintenance) {
    maintenanceUntil = maintenance.until;
  } else if (reached) {
    maintenanceUntil = null;
  }
  if (!reached) {
    setText($('#net-text'), netText());
  }
  if (reached === !page.unreachable) {
    return; // no change
  }
  setReached(reached);
  $('#net').hidden = reached;
  if (!reached) {
    return;
  }
  if (screens) {
    screens.backOnline(path);
  } else {
    refreshNow();
  }
}

/**
 * What the banner says: the maintenance the engine announced and when it is back, or that it is not reached. Its time
 * is cut from the engine's wall time here: format.js's wallTime would bring the screens' store into the first load.
 */
function netText() {
  return maintenanceUntil ? t('net.maintenance', maintenanceUntil.substring(11, 16)) : t('net.lost');
}

/** Reads what the view shows again now (the banner's button, the browser back online, the engine back). */
function refreshNow() {
  if (loadFailed && Session.current && !screens) {
    location.reload(); // the screens' modules did not come: the page again, its files from the cache
  } else if (screens) {
    screens.refreshNow();
  } else {
    Api.get('/ping'); // sign-in shows no engine data: only whether it answers
  }
}

// ---- language ------------------------------------------------------------------------------

function applyLanguage() {
  I18N.apply(document);
  setText($('#lang'), t('lang.switch'));
  setText($('#net-text'), netText());
  setText($('#net-retry'), t('net.retry'));
}

/** The screens' own words, once their texts came (the sign-in form keeps what it says meanwhile). */
function applyScreensLanguage() {
  document.querySelectorAll('#tabs, main > .view:not(#view-signin)').forEach(el => I18N.apply(el));
}

async function switchLanguage() {
  I18N.set(I18N.lang === 'zh' ? 'en' : 'zh');
  applyLanguage();
  if (page.view === 'signin') {
    SigninScreen.redraw();
  }
  if (loading) {
    await I18N.load(); // the screens' texts in this language, the first time it is chosen
    applyScreensLanguage();
    screens?.redraw();
  }
}

// ---- start ---------------------------------------------------------------------------------

Api.onReach = reachability;
window.addEventListener('offline', () => reachability(false));
window.addEventListener('online', () => {
  if (page.unreachable) {
    screens?.forgetFailures();
    Api.get('/ping'); // its answer, if any, brings the rest back
  }
});
$('#net-retry').addEventListener('click', () => {
  screens?.forgetFailures();
  refreshNow();
});
SigninScreen.start(show);
$('#lang').addEventListener('click', switchLanguage);
window.addEventListener('hashchange', show);
applyLanguage();
takeWechatReturn(); // back from WeChat's OAuth (inside WeChat): kept for my bookings, the address made plain
if (!SigninScreen.cameBackFromCampus(show)) {
  show();
}

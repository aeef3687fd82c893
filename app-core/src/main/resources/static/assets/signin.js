/* The sign-in view: signing in (a slow one says why it waits), the campus sign-in when the engine offers it
   and the return from it, signing in by WeChat inside WeChat's browser (campus.js), and "forgot password" by email when the gym sends email (GET
   /auth/options). Signing out is the flow's (app.js): it forgets the student everywhere. */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { $, setText, say, setView } from './page.js';
import * as Campus from './campus.js';

const t = I18N.t;

/** Wires the view's forms; {@code signedIn} shows where the student goes once signed in. */
export function start(signedIn) {
  $('#signin-form').addEventListener('submit', event => signIn(event, signedIn));
  $('#forgot-open').addEventListener('click', openReset);
  $('#forgot-send').addEventListener('click', sendResetCode);
  $('#forgot-form').addEventListener('submit', resetPassword);
  Campus.start();
}

/**
 * Shows the view with {@code notice} (or none) and, after a campus sign-out, {@code directoryLogout}: the
 * university's own sign-out, offered as a link.
 */
export function showSignin(notice, directoryLogout) {
  setView('signin');
  const el = $('#signin-notice');
  el.hidden = !notice;
  el.textContent = notice || '';
  $('#signin-error').hidden = true;
  $('#signin-form').studentId.focus();
  offerReset();
  Campus.offerCampus(directoryLogout);
}

/** The view's texts drawn by code, in the language just chosen. */
export function redraw() {
  Campus.redraw();
}

function showError(text) {
  const error = $('#signin-error');
  error.textContent = text;
  error.hidden = false;
}

/** After a sign-in: back where the student was sent to sign in from, or where {@code signedIn} goes. */
function goOn(signedIn) {
  Campus.bindWechat(); // WeChat's offer to bind, if the student took it: theirs now that they signed in
  const back = sessionStorage.getItem('courtrush.return');
  sessionStorage.removeItem('courtrush.return');
  if (back && back !== location.hash) {
    location.hash = back; // hashchange shows it
  } else {
    signedIn();
  }
}

/**
 * At start, before any view: a return from the university's sign-in (#campus=code or #campus-error=reason)
 * leaves the address bar at once (no history entry, so the code is never bookmarked or shared), then the code
 * is traded for the engine's token and the student goes on as after a local sign-in, or the view says why
 * not. Answers whether the hash was such a return (if not, nothing was done).
 */
export function cameBackFromCampus(signedIn) {
  const back = Campus.wechatReturn(location.hash) || Campus.campusReturn(location.hash);
  if (!back) {
    return false;
  }
  history.replaceState(history.state, '', location.pathname + location.search);
  if (back.bind) {
    Campus.offerWechatBinding(back.bind);
    if (Session.current) {
      goOn(signedIn); // signed in already: this WeChat is theirs to bind
    } else {
      showSignin();
    }
  } else if (back.error) {
    refusedUnlessSignedIn(t(back.wechat ? Campus.wechatReasonKey(back.error) : Campus.reasonKey(back.error)), signedIn);
  } else {
    campusSignIn(back.code, signedIn, back.wechat);
  }
  return true;
}

/**
 * A return that did not sign in: the sign-in view says why — unless the student is signed in already (a used
 * return address opened again, from history or a bookmark), who goes on as they were, untroubled (issue 75).
 */
function refusedUnlessSignedIn(why, signedIn) {
  if (Session.current) {
    signedIn();
    return;
  }
  showSignin();
  showError(why);
}

async function campusSignIn(code, signedIn, wechat) {
  const a = await (wechat ? Campus.exchangeWechat(code) : Campus.exchange(code));
  const outcome = signInOutcome(a);
  if (outcome === 'refused') {
    refusedUnlessSignedIn(a.message, signedIn);
    return;
  }
  Session.save(wechat ? a.data : Object.assign({}, a.data, { campus: true }));
  if (outcome === 'staff') {
    const directoryLogout = await Campus.endSession();
    Session.clear();
    showSignin(null, directoryLogout);
    showError(t('signin.staffAccount'));
    return;
  }
  goOn(signedIn);
}

/** What a sign-in's answer means here: 'refused', 'staff' (this page books for students) or 'student'. */
export function signInOutcome(a) {
  if (a.status !== 200) {
    return 'refused';
  }
  return a.data && a.data.role && a.data.role !== 'STUDENT' ? 'staff' : 'student';
}

export async function signIn(event, signedIn) {
  event.preventDefault();
  const form = event.target;
  const error = $('#signin-error');
  const studentId = form.studentId.value.trim();
  const password = form.password.value;
  if (!studentId || !password) {
    error.textContent = t('signin.missing');
    error.hidden = false;
    return;
  }
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  button.classList.add('busy');
  setText(button, t('signin.sending'));
  error.hidden = true;
  const waiting = signInWait();
  const a = await Api.post('/auth/login', { studentId, password });
  waiting.stop();
  button.disabled = false;
  button.classList.remove('busy');
  setText(button, t('signin.submit'));
  const outcome = signInOutcome(a);
  if (outcome === 'refused') {
    error.textContent = a.message;
    error.hidden = false;
    form.password.select();
    return;
  }
  if (outcome === 'staff') {
    // a staff account: this page books for students; staff use the console or the staff API
    Session.save(a.data);
    await Api.post('/auth/logout');
    Session.clear();
    error.textContent = t('signin.staffAccount');
    error.hidden = false;
    form.password.value = '';
    return;
  }
  Session.save(a.data);
  form.password.value = '';
  goOn(signedIn);
}

/**
 * A sign-in that has not answered in a second is told why: sign-ins wait out an opening's first
 * seconds (the engine says how long is left, counted down here), or the network is slow.
 */
function signInWait() {
  const el = $('#signin-wait');
  let stopped = false;
  let counter = null;
  let until = 0;
  const sayWait = () => {
    const ms = until - performance.now();
    setText(el, ms > 0 ? t('signin.held', Math.ceil(ms / 1000)) : t('signin.slow'));
  };
  const asked = setTimeout(async () => {
    sayWait();
    el.hidden = false;
    counter = setInterval(sayWait, 1000);
    const hold = await Api.get('/auth/sign-in-hold'); // on a slow network this is slow too: "slow" until then
    if (!stopped && hold.status === 200 && hold.data && hold.data.held) {
      until = performance.now() + hold.data.msLeft;
      sayWait();
    }
  }, 1000);
  return {
    stop() {
      stopped = true;
      clearTimeout(asked);
      clearInterval(counter);
      el.hidden = true;
    }
  };
}

/* "Forgot password" before sign-in: offered only when the gym sends email (GET /auth/options). */
export async function offerReset() {
  const a = await Api.get('/auth/options');
  $('#forgot-open').hidden = !(a.status === 200 && a.data.emailReset);
}

function openReset() {
  const form = $('#forgot-form');
  form.hidden = false;
  form.resetStudentId.value = $('#signin-form').studentId.value.trim();
  form.resetStudentId.focus();
}

async function sendResetCode() {
  const form = $('#forgot-form');
  const message = $('#forgot-message');
  const studentId = form.resetStudentId.value.trim();
  if (!studentId) {
    say(message, 'error', t('forgot.missing'));
    return;
  }
  const a = await Api.post('/auth/forgot', { studentId });
  say(message, a.status === 200 ? 'info' : 'error', a.message);
  if (a.status === 200) {
    form.resetCode.focus();
  }
}

/** Whether a reset can be asked for: a student id, the 6-digit code and a new password. */
export function resetComplete(studentId, code, newPassword) {
  return Boolean(studentId) && /^\d{6}$/.test(code) && Boolean(newPassword);
}

async function resetPassword(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#forgot-message');
  const studentId = form.resetStudentId.value.trim();
  const code = form.resetCode.value.trim();
  const newPassword = form.resetPassword.value;
  if (!resetComplete(studentId, code, newPassword)) {
    say(message, 'error', t('forgot.missing'));
    return;
  }
  const a = await Api.post('/auth/reset', { studentId, code, newPassword });
  if (a.status === 200) {
    form.reset();
    form.hidden = true;
    const signin = $('#signin-form');
    signin.studentId.value = studentId;
    signin.password.focus();
    const notice = $('#signin-notice');
    notice.textContent = a.message;
    notice.hidden = false;
  } else {
    say(message, 'error', a.message);
  }
}

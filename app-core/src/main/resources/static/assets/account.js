/* The account view: who is signed in, changing the password, the calendar feed, the email for notices and the
   WeChat that signs the student in.
   ("Forgot password" is the sign-in view's: signin.js.) */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { $, setText, toast, say } from './page.js';
import { dayTime } from './format.js';
import * as WechatNotices from './wechat-notices.js';

const t = I18N.t;

/** Wires the view's forms and buttons; signing out is the flow's ({@code signOut}). */
export function start(signOut) {
  $('#password-form').addEventListener('submit', changePassword);
  $('#calendar-renew').addEventListener('click', renewCalendar);
  $('#calendar-stop').addEventListener('click', stopCalendar);
  $('#calendar-copy').addEventListener('click', copyCalendar);
  $('#signout').addEventListener('click', signOut);
  $('#email-form').addEventListener('submit', sendEmailCode);
  $('#email-verify').addEventListener('submit', verifyEmail);
  $('#email-remove').addEventListener('click', removeEmail);
  $('#wechat-unbind').addEventListener('click', unbindWechat);
}

export function renderAccount() {
  const who = Session.current;
  setText($('#account-who'), who ? t('account.who', who.name || who.studentId, who.studentId) : '');
  $('#password-message').hidden = true;
  // signed in with the campus account (CAS, OpenID Connect, or LDAP on the form): its password is the
  // university's, changed there
  const campus = Boolean(who && (who.campus || who.passwordAtUniversity));
  $('#password-form').hidden = campus;
  $('#password-campus').hidden = !campus;
  loadCalendar(); // an address just made stays shown (a language switch redraws this view): it is shown once
  loadEmail();
  loadWechat();
  WechatNotices.accountSection($('#wechat-notices'));
}

/** Signed out: the address shown once goes with the student. */
export function forgetCalendar() {
  $('#calendar-url').value = '';
  $('#calendar-new').hidden = true;
}

/* The calendar feed (SPEC §17): an address the student's calendar app reads, with a key that reads the
   feed and nothing else; shown once when made, replaced by making a new one, stopped at will. */
async function loadCalendar() {
  const a = await Api.get('/reservations/calendar');
  if (a.status === 200) {
    showCalendar(a.data);
  }
}

/** What the calendar feed's state says: the text, the main button's text, whether "stop" shows. */
export function calendarView(feed) {
  return {
    text: !feed.active ? t('calendar.none')
      : feed.readTime ? t('calendar.activeRead', dayTime(feed.createTime), dayTime(feed.readTime))
        : t('calendar.active', dayTime(feed.createTime)),
    button: t(feed.active ? 'calendar.renew' : 'calendar.make'),
    stop: feed.active
  };
}

function showCalendar(feed) {
  const view = calendarView(feed);
  setText($('#calendar-state'), view.text);
  setText($('#calendar-renew'), view.button);
  $('#calendar-stop').hidden = !view.stop;
}

async function renewCalendar() {
  const button = $('#calendar-renew');
  button.disabled = true; // a double tap makes one address, not two (the first ended by the second)
  const a = await Api.post('/reservations/calendar');
  button.disabled = false;
  if (a.status !== 200) {
    if (a.status !== 401) {
      toast(a.message);
    }
    return;
  }
  const url = location.origin + a.data.path;
  $('#calendar-url').value = url;
  $('#calendar-subscribe').href = url.replace(/^https?:/, 'webcal:');
  $('#calendar-new').hidden = false;
  showCalendar({ active: true, createTime: a.data.createTime, readTime: null });
}

async function stopCalendar() {
  const a = await Api.del('/reservations/calendar');
  if (a.status === 200) {
    $('#calendar-new').hidden = true;
    showCalendar(a.data);
    toast(t('calendar.stopped'));
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

async function copyCalendar() {
  const field = $('#calendar-url');
  try {
    await navigator.clipboard.writeText(field.value);
    toast(t('calendar.copied'));
  } catch (e) {
    // no clipboard here (an older browser, or not a secure page): the address is selected to copy by hand
    field.select();
    toast(t('calendar.copyByHand'));
  }
}

async function changePassword(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#password-message');
  const current = form.currentPassword.value;
  const next = form.newPassword.value;
  const problem = passwordProblem(current, next, form.repeat.value);
  if (problem) {
    say(message, 'error', t(problem));
  } else {
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    const a = await Api.post('/auth/password', { currentPassword: current, newPassword: next });
    button.disabled = false;
    if (a.status === 200) {
      Session.save(Object.assign({ campus: Session.current && Session.current.campus }, a.data));
      form.reset();
      say(message, 'ok', a.message);
    } else if (a.status !== 401) {
      say(message, 'error', a.message);
    }
  }
}

/** What is wrong with a new password as typed (the key of its text), or null: it can be sent. */
export function passwordProblem(current, next, repeat) {
  if (!current || !next || !repeat) {
    return 'account.missing';
  }
  if (next.length < 6 || new TextEncoder().encode(next).length > 72) { // BCrypt reads 72 bytes
    return 'account.length';
  }
  return next !== repeat ? 'account.mismatch' : null;
}

/* The email for notices (SPEC §17): added, then verified by the code sent to it; only then written to. */

async function loadEmail() {
  const a = await Api.get('/auth/email');
  if (a.status === 200) {
    showEmail(a.data);
  }
}

/** What the email's state shows: its text, and which of its forms and buttons. */
export function emailView(email) {
  return {
    text: !email.available ? t('email.off')
      : !email.email ? t('email.none')
        : email.verified ? t('email.verified', email.email) : t('email.unverified', email.email),
    form: Boolean(email.available),
    verify: Boolean(email.available && email.email && !email.verified),
    remove: Boolean(email.email)
  };
}

function showEmail(email) {
  const view = emailView(email);
  setText($('#email-state'), view.text);
  $('#email-form').hidden = !view.form;
  $('#email-verify').hidden = !view.verify;
  $('#email-remove').hidden = !view.remove;
}

async function sendEmailCode(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#email-message');
  const address = form.email.value.trim();
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) {
    say(message, 'error', t('email.invalid'));
    return;
  }
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  const a = await Api.put('/auth/email', { email: address });
  button.disabled = false;
  if (a.status === 200) {
    showEmail(a.data);
    say(message, 'info', a.message);
    $('#email-verify').code.focus();
  } else if (a.status !== 401) {
    say(message, 'error', a.message);
  }
}

async function verifyEmail(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#email-message');
  const code = form.code.value.trim();
  if (!/^\d{6}$/.test(code)) {
    say(message, 'error', t('email.codeMissing'));
    return;
  }
  const a = await Api.post('/auth/email/verify', { code });
  if (a.status === 200) {
    form.reset();
    showEmail(a.data);
    say(message, 'ok', t('email.done'));
  } else if (a.status !== 401) {
    say(message, 'error', a.message);
  }
}

async function removeEmail() {
  const a = await Api.del('/auth/email');
  if (a.status === 200) {
    showEmail(a.data);
    say($('#email-message'), 'ok', t('email.removed'));
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

/* Signing in by WeChat (SPEC §22): shown when the gym's official account is set; the student unbinds at will. */

async function loadWechat() {
  const a = await Api.get('/auth/wechat/binding');
  if (a.status === 200) {
    showWechat(a.data);
  }
}

/** What the WeChat binding's state shows: whether at all, its text, whether "unlink" shows. */
export function wechatView(binding) {
  return {
    shown: Boolean(binding.offered || binding.bound),
    text: binding.bound ? t('wechatAccount.bound') : t('wechatAccount.none'),
    unbind: Boolean(binding.bound)
  };
}

function showWechat(binding) {
  const view = wechatView(binding);
  $('#wechat-binding').hidden = !view.shown;
  setText($('#wechat-state'), view.text);
  $('#wechat-unbind').hidden = !view.unbind;
}

async function unbindWechat() {
  const a = await Api.del('/auth/wechat/binding');
  if (a.status === 200) {
    showWechat({ offered: true, bound: false });
    toast(t('wechatAccount.unbound'));
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

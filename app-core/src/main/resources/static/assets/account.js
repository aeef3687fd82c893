/* The account view: who is signed in, changing the password, the calendar feed and the email for notices;
   and, before sign-in, "forgot password" by email when the gym sends email. */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { $, setText, dayTime, toast } from './dom.js';

const t = I18N.t;

export function renderAccount() {
  const who = Session.current;
  setText($('#account-who'), who ? t('account.who', who.name || who.studentId, who.studentId) : '');
  $('#password-message').hidden = true;
  loadCalendar(); // an address just made stays shown (a language switch redraws this view): it is shown once
  loadEmail();
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

function showCalendar(feed) {
  setText($('#calendar-state'), !feed.active ? t('calendar.none')
    : feed.readTime ? t('calendar.activeRead', dayTime(feed.createTime), dayTime(feed.readTime))
      : t('calendar.active', dayTime(feed.createTime)));
  setText($('#calendar-renew'), t(feed.active ? 'calendar.renew' : 'calendar.make'));
  $('#calendar-stop').hidden = !feed.active;
}

export async function renewCalendar() {
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

export async function stopCalendar() {
  const a = await Api.del('/reservations/calendar');
  if (a.status === 200) {
    $('#calendar-new').hidden = true;
    showCalendar(a.data);
    toast(t('calendar.stopped'));
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

export async function copyCalendar() {
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

export async function changePassword(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#password-message');
  const current = form.currentPassword.value;
  const next = form.newPassword.value;
  if (!current || !next || !form.repeat.value) {
    say(message, 'error', t('account.missing'));
  } else if (next.length < 6 || new TextEncoder().encode(next).length > 72) { // BCrypt reads 72 bytes
    say(message, 'error', t('account.length'));
  } else if (next !== form.repeat.value) {
    say(message, 'error', t('account.mismatch'));
  } else {
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    const a = await Api.post('/auth/password', { currentPassword: current, newPassword: next });
    button.disabled = false;
    if (a.status === 200) {
      Session.save(a.data);
      form.reset();
      say(message, 'ok', a.message);
    } else if (a.status !== 401) {
      say(message, 'error', a.message);
    }
  }
}

/* The email for notices (SPEC §17): added, then verified by the code sent to it; only then written to. */
function say(el, kind, text) {
  el.className = 'notice ' + kind;
  el.textContent = text;
  el.hidden = false;
}

async function loadEmail() {
  const a = await Api.get('/auth/email');
  if (a.status === 200) {
    showEmail(a.data);
  }
}

function showEmail(email) {
  setText($('#email-state'), !email.available ? t('email.off')
    : !email.email ? t('email.none')
      : email.verified ? t('email.verified', email.email) : t('email.unverified', email.email));
  $('#email-form').hidden = !email.available;
  $('#email-verify').hidden = !email.available || !email.email || email.verified;
  $('#email-remove').hidden = !email.email;
}

export async function sendEmailCode(event) {
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

export async function verifyEmail(event) {
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

export async function removeEmail() {
  const a = await Api.del('/auth/email');
  if (a.status === 200) {
    showEmail(a.data);
    say($('#email-message'), 'ok', t('email.removed'));
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

/* "Forgot password" before sign-in: offered only when the gym sends email (GET /auth/options). */
export async function offerReset() {
  const a = await Api.get('/auth/options');
  $('#forgot-open').hidden = !(a.status === 200 && a.data.emailReset);
}

export function openReset() {
  const form = $('#forgot-form');
  form.hidden = false;
  form.resetStudentId.value = $('#signin-form').studentId.value.trim();
  form.resetStudentId.focus();
}

export async function sendResetCode() {
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

export async function resetPassword(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#forgot-message');
  const studentId = form.resetStudentId.value.trim();
  const code = form.resetCode.value.trim();
  const newPassword = form.resetPassword.value;
  if (!studentId || !/^\d{6}$/.test(code) || !newPassword) {
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

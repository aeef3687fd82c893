/* The account view: who is signed in, and changing the password. */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { $, setText } from './dom.js';

const t = I18N.t;

export function renderAccount() {
  const who = Session.current;
  setText($('#account-who'), who ? t('account.who', who.name || who.studentId, who.studentId) : '');
  $('#password-message').hidden = true;
}

export async function changePassword(event) {
  event.preventDefault();
  const form = event.target;
  const message = $('#password-message');
  const say = (kind, text) => {
    message.className = 'notice ' + kind;
    message.textContent = text;
    message.hidden = false;
  };
  const current = form.currentPassword.value;
  const next = form.newPassword.value;
  if (!current || !next || !form.repeat.value) {
    say('error', t('account.missing'));
  } else if (next.length < 6 || new TextEncoder().encode(next).length > 72) { // BCrypt reads 72 bytes
    say('error', t('account.length'));
  } else if (next !== form.repeat.value) {
    say('error', t('account.mismatch'));
  } else {
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    const a = await Api.post('/auth/password', { currentPassword: current, newPassword: next });
    button.disabled = false;
    if (a.status === 200) {
      Session.save(a.data);
      form.reset();
      say('ok', a.message);
    } else if (a.status !== 401) {
      say('error', a.message);
    }
  }
}

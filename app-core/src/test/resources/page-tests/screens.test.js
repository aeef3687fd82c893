/* The sign-in, account and notices screens: what they check before asking, what they show of an answer. */
import { I18N } from '/assets/i18n.js';
import { Session } from '/assets/api.js';
import { signIn, signInOutcome, resetComplete } from '/assets/signin.js';
import { passwordProblem, emailView, calendarView } from '/assets/account.js';
import { loadInbox, forgetNotices } from '/assets/notices.js';
import { fixture, fakeEngine, reply, settle } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const SIGNIN = `<form id="signin-form"><input name="studentId"><input name="password">
  <label id="wechat-link" hidden><input type="checkbox" checked></label>
  <button type="submit"></button></form><p id="signin-error" hidden></p><p id="signin-wait" hidden></p>`;
const INBOX = `<span id="inbox-badge" hidden></span><button id="inbox-read-all" hidden></button>
  <div id="inbox-list"></div><p id="inbox-empty" hidden></p><button id="inbox-more" hidden></button>
  <div id="toast" hidden></div>`;

async function submit(studentId, password, answer) {
  const remove = fixture(SIGNIN);
  const engine = fakeEngine(answer);
  let shown = 0;
  try {
    const form = document.querySelector('#signin-form');
    form.studentId.value = studentId;
    form.password.value = password;
    await signIn({ preventDefault() {}, target: form }, () => { shown++; });
    return { calls: engine.calls.map(c => c.method + ' ' + c.path), error: document.querySelector('#signin-error'),
      shown, password: form.password.value, session: Session.current };
  } finally {
    engine.restore();
    Session.clear();
    remove();
  }
}

export default {
  'a sign-in answer is a refusal, a staff account or a student'() {
    equal(signInOutcome(reply(401, null)), 'refused', 'wrong password');
    equal(signInOutcome(reply(429, null)), 'refused', 'too many tries');
    equal(signInOutcome(reply(200, { role: 'ADMIN' })), 'staff', 'staff');
    equal(signInOutcome(reply(200, { role: 'STUDENT' })), 'student', 'a student');
    equal(signInOutcome(reply(200, {})), 'student', 'an engine that names no role');
  },

  async 'a sign-in without both fields asks nothing; a refusal shows the engine\'s words'() {
    const missing = await submit('s1', '', () => null);
    same([missing.calls, missing.error.hidden, missing.error.textContent], [[], false, t('signin.missing')], 'missing');
    const refused = await submit('s1', 'guess', () => reply(401, null, { message: 'Wrong password' }));
    same([refused.calls, refused.error.textContent, refused.shown], [['POST /auth/login'], 'Wrong password', 0],
      'refused');
  },

  async 'a staff account is signed out again and told this page is for students'() {
    const staff = await submit('admin', 'pw', (method, path) => path === '/auth/login'
      ? reply(200, { role: 'ADMIN', token: 'x', expiresAt: '2999-01-01T00:00:00Z', studentId: 'admin' })
      : reply(200, null));
    same(staff.calls, ['POST /auth/login', 'POST /auth/logout'], 'signed out at once');
    same([staff.error.textContent, staff.password, staff.session, staff.shown],
      [t('signin.staffAccount'), '', null, 0], 'not signed in');
  },

  async 'a student signed in goes on; the password field is emptied'() {
    const student = await submit('s1', 'secret', () => reply(200, { role: 'STUDENT', token: 'tk',
      expiresAt: '2999-01-01T00:00:00Z', studentId: 's1', name: 'Han' }));
    same([student.shown, student.password, student.session && student.session.studentId], [1, '', 's1'], 'signed in');
  },

  'a reset needs the id, a 6-digit code and a new password'() {
    equal(resetComplete('s1', '123456', 'newpass'), true, 'complete');
    equal(resetComplete('s1', '12345', 'newpass'), false, 'five digits');
    equal(resetComplete('', '123456', 'newpass'), false, 'no id');
    equal(resetComplete('s1', '123456', ''), false, 'no password');
  },

  'a new password is checked before it is sent'() {
    equal(passwordProblem('', 'abcdef', 'abcdef'), 'account.missing', 'no current');
    equal(passwordProblem('old', 'abc', 'abc'), 'account.length', 'too short');
    equal(passwordProblem('old', '密'.repeat(25), '密'.repeat(25)), 'account.length', 'over 72 bytes');
    equal(passwordProblem('old', 'abcdef', 'abcdeg'), 'account.mismatch', 'not repeated');
    equal(passwordProblem('old', 'abcdef', 'abcdef'), null, 'fine');
  },

  'the email and the calendar feed say where they stand and offer what fits'() {
    same(emailView({ available: false }), { text: t('email.off'), form: false, verify: false, remove: false }, 'off');
    same(emailView({ available: true, email: null }), { text: t('email.none'), form: true, verify: false,
      remove: false }, 'none');
    same(emailView({ available: true, email: 'a@b.cn', verified: false }),
      { text: t('email.unverified', 'a@b.cn'), form: true, verify: true, remove: true }, 'to verify');
    equal(emailView({ available: true, email: 'a@b.cn', verified: true }).verify, false, 'verified');
    same(calendarView({ active: false }), { text: t('calendar.none'), button: t('calendar.make'), stop: false },
      'no feed');
    equal(calendarView({ active: true, createTime: '2026-11-20T10:00:00', readTime: null }).button,
      t('calendar.renew'), 'a feed');
  },

  async 'the notices: newest first, unread marked, the badge, more when a page is full'() {
    const remove = fixture(INBOX);
    const notices = [{ id: 2, kind: 'WON', title: 'Won', text: 'Pay by 13:05', read: false,
      createTime: '2026-11-26T13:00:00' }, { id: 1, kind: 'PAID', title: 'Paid', text: 'ok', read: true,
      createTime: '2026-11-25T13:00:00' }];
    const engine = fakeEngine((method, path) => method === 'GET'
      ? reply(200, { notices, unread: 150 }) : reply(200, { unread: 149 }));
    try {
      await loadInbox(false);
      const items = [...document.querySelectorAll('#inbox-list .inbox-item')];
      same(items.map(i => i.className), ['inbox-item unread', 'inbox-item'], 'unread marked');
      same([document.querySelector('#inbox-badge').textContent, document.querySelector('#inbox-badge').hidden,
        document.querySelector('#inbox-more').hidden, document.querySelector('#inbox-empty').hidden],
      ['99+', false, true, true], 'the badge; no more pages');
      items[0].click();
      await settle();
      equal(engine.calls[engine.calls.length - 1].path, '/notices/2/read', 'a tap reads it');
      equal(document.querySelector('#inbox-list .inbox-item').className, 'inbox-item', 'no longer unread');
      items[1].click();
      await settle();
      equal(engine.calls.filter(c => c.method === 'POST').length, 1, 'one already read asks nothing');
    } finally {
      engine.restore();
      forgetNotices();
      remove();
    }
  }
};

/* The campus sign-in: what a return from the university means, the offer on the sign-in view, the trade of the
   one-time code (a student, a staff account, a refusal), a reason shown, and a campus session's sign-out. */
import { I18N } from '/assets/i18n.js';
import { Session } from '/assets/api.js';
import { campusReturn, reasonKey, campusLabel, safeLogoutUrl, offerCampus, leaveForCampus, endSession, wechatReturn,
  wechatReasonKey, insideWechat, start as startCampus } from '/assets/campus.js';
import { cameBackFromCampus, signIn } from '/assets/signin.js';
import { fixture, fakeEngine, reply, settle } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const VIEW = `<p id="booting"></p><span id="who"></span><nav id="tabs"></nav>
  <section id="view-slots"></section><section id="view-mine"></section><section id="view-inbox"></section>
  <section id="view-account"></section><section id="view-draw"></section>
  <section id="view-signin" hidden><p id="signin-notice" hidden></p>
    <p id="campus-logout" hidden><a id="campus-logout-link"></a></p>
    <button id="wechat-signin" type="button" hidden></button>
    <div id="campus-offer" hidden><button id="campus-signin" type="button"></button></div>
    <p id="campus-ldap" hidden></p>
    <form id="signin-form"><input name="studentId"><input name="password">
      <label id="wechat-link" hidden><input type="checkbox" checked></label><button type="submit"></button></form>
    <p id="signin-error" hidden></p><p id="signin-wait" hidden></p><button id="forgot-open" hidden></button>
    <p id="signin-help" data-i18n="signin.help"></p>
  </section>`;
const LOGIN = { token: 'tk', expiresAt: '2999-01-01T00:00:00Z', studentId: 's1', name: 'Han', campus: true };

const el = (selector) => document.querySelector(selector);

/** Runs {@code body} with the sign-in view's markup, the engine answering from {@code answer}, at {@code hash}. */
async function onTheView(answer, body, hash) {
  const remove = fixture(VIEW);
  const engine = fakeEngine(answer);
  const before = location.href;
  sessionStorage.removeItem('courtrush.return');
  if (hash !== undefined) {
    history.replaceState(history.state, '', hash);
  }
  try {
    return await body(engine);
  } finally {
    history.replaceState(history.state, '', before);
    sessionStorage.removeItem('courtrush.return');
    engine.restore();
    Session.clear();
    remove();
  }
}

const offered = (label) => (method, path) => path === '/auth/campus'
  ? reply(200, { enabled: true, protocol: 'CAS', label }) : null;

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile MicroMessenger/8.0.50.2600';

function forgetWechat() {
  sessionStorage.removeItem('courtrush.wechatTried');
  sessionStorage.removeItem('courtrush.wechatBind');
}

export default {
  'a return from WeChat is a code, an offer to bind or a reason; WeChat\'s browser is told by its user agent'() {
    same(wechatReturn('#wechat=ab-12_C'), { code: 'ab-12_C', wechat: true }, 'a code');
    same(wechatReturn('#wechat-bind=xy'), { bind: 'xy', wechat: true }, 'an offer to bind');
    same(wechatReturn('#wechat-error=disabled'), { error: 'disabled', wechat: true }, 'a reason');
    same(wechatReturn('#wechat-error=whatever'), { error: 'failed', wechat: true }, 'a reason not known');
    same([wechatReturn('#wechat='), wechatReturn('#wechat-bind=')], [{ error: 'failed', wechat: true },
      { error: 'failed', wechat: true }], 'nothing');
    same([wechatReturn('#campus=abc'), wechatReturn('#/slots'), wechatReturn('')], [null, null, null], 'not WeChat');
    same([insideWechat(WECHAT), insideWechat('Mozilla/5.0 (iPhone) Safari/604.1')], [true, false], 'user agents');
    for (const lang of ['zh', 'en']) {
      const was = I18N.lang;
      I18N.set(lang);
      for (const reason of ['disabled', 'expired', 'down', 'failed']) {
        equal(t(wechatReasonKey(reason)) !== wechatReasonKey(reason), true, lang + ' ' + reason);
      }
      equal(t('wechat.link') !== 'wechat.link', true, lang + ' the offer');
      I18N.set(was);
    }
  },

  async 'inside WeChat with the official account set, the view leaves for WeChat once per tab; elsewhere never'() {
    forgetWechat();
    const wechatOffered = (method, path) => path === '/auth/campus'
      ? reply(200, { enabled: false, protocol: null, label: '', wechat: true }) : null;
    try {
      await onTheView(wechatOffered, async () => {
        const went = [];
        await offerCampus(null, { userAgent: WECHAT, go: url => went.push(url) });
        same([went, el('#wechat-signin').hidden], [['/auth/wechat/start'], false], 'went, the button shown');
        await offerCampus(null, { userAgent: WECHAT, go: url => went.push(url) });
        equal(went.length, 1, 'once per tab: signed out or refused, the student chooses');
      });
      forgetWechat();
      await onTheView(wechatOffered, async () => {
        const went = [];
        await offerCampus(null, { userAgent: 'Mozilla/5.0 Chrome/120.0', go: url => went.push(url) });
        same([went, el('#wechat-signin').hidden], [[], true], 'a phone\'s browser');
      });
      await onTheView(offered('jAccount'), async () => {
        const went = [];
        await offerCampus(null, { userAgent: WECHAT, go: url => went.push(url) });
        same([went, el('#wechat-signin').hidden], [[], true], 'no official account set');
      });
    } finally {
      forgetWechat();
    }
  },

  async 'back from WeChat: a bound student is signed in; one bound to nobody binds with their own sign-in'() {
    forgetWechat();
    try {
      await onTheView((method, path) => path === '/auth/wechat/token'
        ? reply(200, { token: 'wk', expiresAt: '2999-01-01T00:00:00Z', studentId: 's1', name: 'Han', wechat: true })
        : null, async (engine) => {
        let shown = 0;
        equal(cameBackFromCampus(() => { shown++; }), true, 'a return');
        equal(location.hash, '', 'the code left the address bar at once');
        await settle();
        same([engine.calls[0].method + ' ' + engine.calls[0].path, engine.calls[0].body],
          ['POST /auth/wechat/token', { code: 'abc' }], 'traded');
        same([shown, Session.current && Session.current.token, Session.current && Session.current.campus],
          [1, 'wk', false], 'signed in, not a campus session');
      }, '#wechat=abc');

      await onTheView((method, path) => path === '/auth/login'
        ? reply(200, { token: 'tk', expiresAt: '2999-01-01T00:00:00Z', studentId: 's1', name: 'Han', role: 'STUDENT' })
        : path === '/auth/wechat/bind' ? reply(200, { bound: true }) : null, async (engine) => {
        startCampus();
        let shown = 0;
        cameBackFromCampus(() => { shown++; });
        same([el('#view-signin').hidden, el('#wechat-link').hidden, el('#wechat-link input').checked],
          [false, false, true], 'the sign-in view offers to link this WeChat');
        const form = el('#signin-form');
        form.studentId.value = 's1';
        form.password.value = 'pw';
        await signIn({ preventDefault() {}, target: form }, () => { shown++; });
        await settle();
        const posts = engine.calls.filter(c => c.method === 'POST');
        same(posts.map(c => c.path), ['/auth/login', '/auth/wechat/bind'], 'signed in, then bound');
        same([posts[1].body, shown, el('#wechat-link').hidden], [{ code: 'offer1' }, 1, true], 'bound');
      }, '#wechat-bind=offer1');

      await onTheView((method, path) => path === '/auth/login'
        ? reply(200, { token: 'tk', expiresAt: '2999-01-01T00:00:00Z', studentId: 's1', name: 'Han', role: 'STUDENT' })
        : null, async (engine) => {
        startCampus();
        cameBackFromCampus(() => {});
        const box = el('#wechat-link input');
        box.checked = false;
        box.dispatchEvent(new Event('change'));
        const form = el('#signin-form');
        form.studentId.value = 's1';
        form.password.value = 'pw';
        await signIn({ preventDefault() {}, target: form }, () => {});
        await settle();
        same(engine.calls.filter(c => c.method === 'POST').map(c => c.path), ['/auth/login'], 'unticked: never bound');
      }, '#wechat-bind=offer2');
    } finally {
      forgetWechat();
    }
  },

  'a return from the university is a code or a reason; anything else is not a return'() {
    same(campusReturn('#campus=ab-12_C'), { code: 'ab-12_C' }, 'a code');
    same(campusReturn('#campus-error=down'), { error: 'down' }, 'a reason');
    same(campusReturn('#campus-error=left'), { error: 'left' }, 'left the directory');
    same(campusReturn('#campus-error=whatever'), { error: 'failed' }, 'a reason not known');
    same(campusReturn('#campus='), { error: 'failed' }, 'no code');
    same([campusReturn('#/slots'), campusReturn(''), campusReturn('#/mine/campus=x')], [null, null, null], 'routes');
  },

  'every reason has its text in both languages; a blank label is "campus account"'() {
    const was = I18N.lang;
    try {
      for (const lang of ['zh', 'en']) {
        I18N.set(lang);
        for (const reason of ['notAllowed', 'left', 'disabled', 'down', 'expired', 'failed']) {
          const key = reasonKey(reason);
          equal(t(key) !== key, true, lang + ' ' + key);
        }
        equal(campusLabel('  '), t('campus.defaultLabel'), lang + ' blank label');
      }
      equal(reasonKey('surprise'), 'campus.error.failed', 'unknown');
      equal(campusLabel(' jAccount '), 'jAccount', 'a label');
      // a name in Chinese characters reads on the Chinese page only; the English one says "campus account"
      I18N.set('zh');
      same([campusLabel('统一身份认证'), campusLabel('jAccount')], ['统一身份认证', 'jAccount'], 'zh');
      I18N.set('en');
      same([campusLabel('统一身份认证'), campusLabel('交大 jAccount'), campusLabel('jAccount')],
        ['campus account', 'campus account', 'jAccount'], 'en');
    } finally {
      I18N.set(was);
    }
  },

  'only an absolute http(s) address is offered as the university\'s sign-out'() {
    equal(safeLogoutUrl('https://cas.example.edu/logout?service=x'), 'https://cas.example.edu/logout?service=x', 'https');
    equal(safeLogoutUrl('http://sso.example.edu/logout'), 'http://sso.example.edu/logout', 'http');
    same(['javascript:alert(1)', 'data:text/html,x', '/logout', '', null, 42].map(safeLogoutUrl),
      [null, null, null, null, null, null], 'anything else');
  },

  async 'by LDAP there is no button: the form itself takes the university password, and says so'() {
    await onTheView((method, path) => path === '/auth/campus'
      ? reply(200, { enabled: true, protocol: 'LDAP', label: 'jAccount' }) : null, async () => {
      await offerCampus();
      same([el('#campus-offer').hidden, el('#campus-ldap').hidden, el('#campus-ldap').textContent,
        el('#signin-help').textContent],
        [true, false, t('campus.ldap', 'jAccount'), t('campus.ldapHelp')], 'in the form');
    });
    await onTheView(offered('jAccount'), async () => {
      await offerCampus();
      same([el('#campus-ldap').hidden, el('#signin-help').textContent], [true, t('signin.help')], 'a redirect');
    });
  },

  async 'the offer shows first when enabled, with the label or "campus account"; else nothing'() {
    await onTheView(offered('jAccount'), async () => {
      await offerCampus();
      same([el('#campus-offer').hidden, el('#campus-signin').textContent, el('#view-signin').dataset.campus],
        [false, t('campus.signIn', 'jAccount'), 'ready'], 'offered');
    });
    await onTheView(offered(''), async () => {
      await offerCampus();
      equal(el('#campus-signin').textContent, t('campus.signIn', t('campus.defaultLabel')), 'no label');
    });
    await onTheView((method, path) => path === '/auth/campus' ? reply(200, { enabled: false }) : null, async () => {
      await offerCampus();
      same([el('#campus-offer').hidden, el('#campus-logout').hidden], [true, true], 'not offered');
    });
    await onTheView(() => reply(503, null), async () => {
      await offerCampus();
      equal(el('#campus-offer').hidden, true, 'no answer: not offered');
    });
  },

  async 'the button leaves for /auth/campus/start once, remembering where to come back to'() {
    await onTheView(offered('jAccount'), async () => {
      await offerCampus();
      const went = [];
      leaveForCampus(url => went.push(url));
      same([went, sessionStorage.getItem('courtrush.return'), el('#campus-signin').disabled],
        [['/auth/campus/start'], '#/mine', true], 'left');
      await offerCampus(); // back in the page (the browser's back button): pressable again
      equal(el('#campus-signin').disabled, false, 'ready again');
    }, '#/mine');
  },

  async 'a code is taken off the address bar and traded; a student goes on, signed in as campus'() {
    await onTheView((method, path) => path === '/auth/campus/token' ? reply(200, Object.assign({ role: 'STUDENT' }, LOGIN))
      : null, async (engine) => {
      let shown = 0;
      const length = history.length;
      equal(cameBackFromCampus(() => { shown++; }), true, 'a return');
      equal(location.hash, '', 'the code left the address bar at once');
      await settle();
      same([engine.calls[0].method + ' ' + engine.calls[0].path, engine.calls[0].body], ['POST /auth/campus/token',
        { code: 'abc' }], 'traded');
      same([shown, Session.current && Session.current.campus, history.length], [1, true, length], 'signed in');
    }, '#campus=abc');
  },

  async 'a staff account back from the university is signed out through it and told so'() {
    await onTheView((method, path) => path === '/auth/campus/token' ? reply(200, Object.assign({ role: 'MANAGER' }, LOGIN))
      : path === '/auth/campus/logout' ? reply(200, { directoryLogout: 'https://cas.example.edu/logout' })
        : offered('jAccount')(method, path), async (engine) => {
      let shown = 0;
      cameBackFromCampus(() => { shown++; });
      await settle(10);
      same(engine.calls.slice(0, 2).map(c => c.method + ' ' + c.path),
        ['POST /auth/campus/token', 'POST /auth/campus/logout'], 'signed out at once');
      same([shown, Session.current, el('#signin-error').textContent, el('#view-signin').hidden],
        [0, null, t('signin.staffAccount'), false], 'not signed in');
      same([el('#campus-logout').hidden, el('#campus-logout-link').getAttribute('href'),
        el('#campus-logout-link').textContent], [false, 'https://cas.example.edu/logout', t('campus.logout', 'jAccount')],
      'the university\'s sign-out offered');
    }, '#campus=abc');
  },

  async 'a refused code shows the engine\'s words; a reason shows its text'() {
    await onTheView((method, path) => path === '/auth/campus/token'
      ? reply(409, null, { message: 'This sign-in was used already' }) : null, async () => {
      cameBackFromCampus(() => {});
      await settle();
      same([el('#signin-error').textContent, el('#signin-error').hidden, Session.current, location.hash],
        ['This sign-in was used already', false, null, ''], 'refused');
    }, '#campus=abc');
    await onTheView(() => null, async (engine) => {
      cameBackFromCampus(() => {});
      await settle();
      same([el('#signin-error').textContent, location.hash, engine.calls.some(c => c.method === 'POST')],
        [t('campus.error.down'), '', false], 'the university down');
    }, '#campus-error=down');
  },

  async 'a campus session signs out through the campus; a gym session as before'() {
    await onTheView((method, path) => path === '/auth/campus/logout'
      ? reply(200, { directoryLogout: 'javascript:alert(1)' }) : null, async (engine) => {
      Session.save(LOGIN);
      equal(await endSession(), null, 'no script offered');
      Session.save(Object.assign({}, LOGIN, { campus: false }));
      equal(await endSession(), null, 'a gym session');
      same(engine.calls.map(c => c.method + ' ' + c.path), ['POST /auth/campus/logout', 'POST /auth/logout'], 'calls');
    });
  }
};

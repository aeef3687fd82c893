/* Notices by WeChat (SPEC §22): which templates the subscribe button asks for, what WeChat's answer to a tap says, and
   the button itself — shown inside WeChat only, once the JS-SDK is configured, and telling the engine only what WeChat
   said was accepted. */
import { templatesFor, acceptedIn, offer, forget, BOOKING_KINDS } from '/assets/wechat-notices.js';
import { fakeEngine, reply, settle } from './support.js';
import { equal, same } from './assert.js';

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile MicroMessenger/8.0.50.2600';
const OFFERED = [
  { kind: 'PAY_DUE', templateId: 'T-DUE', consents: 0 },
  { kind: 'PAID', templateId: 'T-STATE', consents: 0 },
  { kind: 'TIMED_OUT', templateId: 'T-STATE', consents: 0 },
  { kind: 'REFUNDED', templateId: 'T-MONEY', consents: 0 },
  { kind: 'BOOKING_SOON', templateId: 'T-SOON', consents: 0 },
  { kind: 'WON', templateId: 'T-WON', consents: 0 }
];

/** WeChat's JS-SDK as the page sees it: config checked by {@code verdict}, then ready or error. */
function fakeWx(verdict) {
  const waiting = { ready: [], error: [] };
  const wx = {
    configs: [],
    config(c) {
      wx.configs.push(c);
      setTimeout(() => (verdict ? waiting.ready : waiting.error).forEach(f => f({ errMsg: 'config:invalid signature' })));
    },
    ready(f) { waiting.ready.push(f); },
    error(f) { waiting.error.push(f); }
  };
  return wx;
}

function engine() {
  return fakeEngine((method, path, body) => {
    if (method === 'GET' && path === '/notices/wechat') {
      return reply(200, { available: true, appId: 'wx1', templates: OFFERED, muted: ['REFUNDED'] });
    }
    if (method === 'GET' && path.startsWith('/notices/wechat/js-config?url=')) {
      return reply(200, { appId: 'wx1', timestamp: 1700000000, nonceStr: 'n0nce', signature: 'abc' });
    }
    if (method === 'POST' && path === '/notices/wechat/consents') {
      return reply(200, { available: true, templates: OFFERED, muted: [] });
    }
    return null;
  });
}

async function shown(slot, userAgent) {
  await offer(slot, BOOKING_KINDS, 'Tell me', userAgent);
  await settle(10);
  return slot.querySelector('wx-open-subscribe');
}

export default {
  async 'the button asks for the kinds\' distinct templates, none muted, three at most'() {
    same(templatesFor(OFFERED, BOOKING_KINDS, ['REFUNDED']), ['T-DUE', 'T-STATE', 'T-SOON'], 'booking kinds');
    same(templatesFor(OFFERED, ['WON', 'PAID', 'TIMED_OUT'], []), ['T-WON', 'T-STATE'], 'one template, two kinds');
    same(templatesFor(OFFERED, ['NO_SHOW'], []), [], 'a kind the gym does not send');
    same(templatesFor(null, BOOKING_KINDS, null), [], 'nothing offered');
  },

  async 'a tap\'s answer counts only what WeChat says was accepted'() {
    const details = JSON.stringify({ A: JSON.stringify({ status: 'accept' }), B: JSON.stringify({ status: 'reject' }),
      C: JSON.stringify({ status: 'ban' }), D: 'not json' });
    same(acceptedIn(details), ['A'], 'accepted');
    same(acceptedIn('not json'), [], 'an answer that is not WeChat\'s');
    same(acceptedIn(undefined), [], 'no answer');
  },

  async 'inside WeChat the button shows once configured, and tells the engine what was accepted'() {
    const fake = engine();
    const wx = fakeWx(true);
    const slot = document.createElement('div');
    document.body.append(slot);
    window.wx = wx;
    forget();
    try {
      const tag = await shown(slot, WECHAT);
      equal(Boolean(tag), true, 'WeChat\'s open tag');
      equal(tag.getAttribute('template'), 'T-DUE,T-STATE,T-SOON', 'its templates');
      same(wx.configs[0].openTagList, ['wx-open-subscribe'], 'configured for the open tag');
      equal(wx.configs[0].signature, 'abc', 'signed by the engine');
      equal(tag.querySelector('script[type="text/wxtag-template"]').textContent.includes('Tell me'), true, 'its label');
      tag.dispatchEvent(new CustomEvent('success', { detail: { subscribeDetails: JSON.stringify({
        'T-DUE': JSON.stringify({ status: 'accept' }), 'T-STATE': JSON.stringify({ status: 'reject' }) }) } }));
      await settle(10);
      const posted = fake.calls.filter(c => c.path === '/notices/wechat/consents');
      equal(posted.length, 1, 'one post of the consents');
      same(posted[0].body, { templateIds: ['T-DUE'] }, 'only what WeChat accepted');
    } finally {
      fake.restore();
      slot.remove();
      delete window.wx;
      forget();
    }
  },

  async 'outside WeChat, or when WeChat refuses the page\'s configuration, there is no button'() {
    const fake = engine();
    const slot = document.createElement('div');
    document.body.append(slot);
    try {
      window.wx = fakeWx(true);
      forget();
      equal(await shown(slot, 'Mozilla/5.0 (iPhone) Safari/604.1'), null, 'a phone\'s browser');
      equal(fake.calls.length, 0, 'nothing asked of the engine');
      window.wx = fakeWx(false);
      forget();
      equal(await shown(slot, WECHAT), null, 'WeChat said the signature is wrong');
    } finally {
      fake.restore();
      slot.remove();
      delete window.wx;
      forget();
    }
  }
};

/* A student's notices by WeChat (SPEC §22): inside WeChat's browser, the gym's official account sends the notices a
   student agreed to as subscribe notifications (订阅通知). Agreeing is WeChat's own open tag, <wx-open-subscribe>,
   shown with a booking (its pay, its game, its money: the notices of that booking) and in My account once the page's
   JS-SDK is configured (wx.config, signed by the engine with the account's jsapi_ticket: GET
   /notices/wechat/js-config); what WeChat answers the tap — each template accepted or not — goes to the engine (POST
   /notices/wechat/consents), which sends one notification per consent. My account lists the kinds to mute (PUT
   /notices/wechat/muted). Nothing of it shows outside WeChat, nor when the gym has not set it up, nor before the
   student's WeChat is linked. WeChat's JS-SDK comes from WeChat (res.wx.qq.com) only when needed; a test's browser
   gives its own stand-in (the simulator's). */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { h, toast } from './page.js';
import { insideWechat } from './campus.js';

const t = I18N.t;

/** WeChat's JS-SDK, loaded inside WeChat when a subscribe button is first shown. */
export const JS_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** The notices of a booking a student is asked about with it: its payment, its game, its money. */
export const BOOKING_KINDS = ['PAY_DUE', 'PAID', 'TIMED_OUT', 'CANCELLED_BY_STAFF', 'REFUNDED', 'BOOKING_SOON'];
/** WeChat asks about at most this many templates in one tap. */
export const MOST_TEMPLATES = 3;

let state = null;       // GET /notices/wechat, once per page (again after a consent or a mute)
let configured = null;  // the promise of wx.config, once per page

/** Forgets what was read: a sign-out, another student. */
export function forget() {
  state = null;
  configured = null;
}

async function read() {
  if (!state) {
    state = Api.get('/notices/wechat').then(a => (a.status === 200 ? a.data : null));
  }
  return state;
}

/** The templates to ask for with these kinds of notice: distinct, at most three, none muted. */
export function templatesFor(offered, kinds, muted) {
  const ids = [];
  for (const kind of kinds) {
    const template = (offered || []).find(o => o.kind === kind);
    if (template && !(muted || []).includes(kind) && !ids.includes(template.templateId)) {
      ids.push(template.templateId);
    }
  }
  return ids.slice(0, MOST_TEMPLATES);
}

/** The templates WeChat's answer to a tap says were accepted ({@code subscribeDetails}: a JSON text of JSON texts). */
export function acceptedIn(subscribeDetails) {
  let details;
  try {
    details = JSON.parse(subscribeDetails || '{}');
  } catch (e) {
    return [];
  }
  return Object.keys(details).filter(id => {
    try {
      return JSON.parse(details[id]).status === 'accept';
    } catch (e) {
      return false;
    }
  });
}

function loadSdk() {
  if (window.wx) {
    return Promise.resolve(window.wx);
  }
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JS_SDK;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('no wx')));
    script.onerror = () => reject(new Error('WeChat JS-SDK did not load'));
    document.head.append(script);
  });
}

/** The JS-SDK configured for this page, for WeChat's open tags; rejects when WeChat says no. */
function configure() {
  if (!configured) {
    configured = (async () => {
      const wx = await loadSdk();
      const a = await Api.get('/notices/wechat/js-config?url=' + encodeURIComponent(location.href.split('#')[0]));
      if (a.status !== 200) {
        throw new Error(a.message);
      }
      await new Promise((resolve, reject) => {
        wx.ready(resolve);
        wx.error(reject);
        wx.config({ debug: false, appId: a.data.appId, timestamp: a.data.timestamp, nonceStr: a.data.nonceStr,
          signature: a.data.signature, jsApiList: ['checkJsApi'], openTagList: ['wx-open-subscribe'] });
      });
      return wx;
    })();
    configured.catch(() => { configured = null; }); // asked again the next time a button shows
  }
  return configured;
}

/**
 * WeChat's subscribe button for these kinds of notice, in {@code slot} (an element the caller placed): shown once
 * the JS-SDK is configured, inside WeChat only, when the gym sends any of them and the student's WeChat is linked.
 */
export async function offer(slot, kinds, label, userAgent = navigator.userAgent) {
  if (!insideWechat(userAgent)) {
    return;
  }
  const s = await read();
  const ids = s && s.available ? templatesFor(s.templates, kinds, s.muted) : [];
  if (!ids.length || !slot.isConnected) {
    return;
  }
  try {
    await configure();
  } catch (e) {
    return; // WeChat would not have the open tag on this page: nothing to tap, the inbox and email stay
  }
  const tag = document.createElement('wx-open-subscribe');
  tag.setAttribute('template', ids.join(','));
  tag.className = 'wechat-subscribe';
  const look = document.createElement('script');
  look.type = 'text/wxtag-template';
  // WeChat draws the open tag from this markup in a frame of its own: the page's words, escaped as text
  const words = h('span', {}, label).innerHTML;
  look.textContent = '<style>button{width:100%;min-height:44px;border:1px solid #07c160;border-radius:8px;'
    + 'background:#fff;color:#06ae56;font-size:15px}</style><button type="button">' + words + '</button>';
  tag.append(look);
  tag.addEventListener('success', async e => {
    const accepted = acceptedIn(e.detail && e.detail.subscribeDetails);
    if (!accepted.length) {
      return;
    }
    const a = await Api.post('/notices/wechat/consents', { templateIds: accepted });
    state = null;
    toast(a.status === 200 ? t('wechatNotices.allowed') : a.message);
  });
  slot.replaceChildren(tag);
}

/** A booking's slot for the button: the notices of its payment, its game and its money, inside WeChat. */
export function bookingOffer(r) {
  if (!insideWechat() || (r.status !== 'PENDING_PAYMENT' && r.status !== 'CONFIRMED')) {
    return null;
  }
  const slot = h('div', { class: 'wechat-offer' });
  offer(slot, BOOKING_KINDS, t('wechatNotices.bookingAsk'));
  return slot;
}

/** My account's part: the kinds of notice the gym sends by WeChat, each to mute or not, and the button for them all. */
export async function accountSection(container) {
  const s = insideWechat() ? await read() : null;
  container.hidden = !(s && s.available && s.templates.length);
  if (container.hidden) {
    return;
  }
  const kinds = s.templates.map(o => o.kind);
  const boxes = kinds.map(kind => {
    const box = h('input', { type: 'checkbox', checked: !s.muted.includes(kind), 'data-kind': kind });
    box.addEventListener('change', async () => {
      const muted = boxes.filter(b => !b.checked).map(b => b.dataset.kind);
      const a = await Api.put('/notices/wechat/muted', { kinds: muted });
      state = null;
      toast(a.status === 200 ? t('wechatNotices.saved') : a.message);
    });
    return box;
  });
  const slot = h('div', { class: 'wechat-offer' });
  container.replaceChildren(
    h('h2', {}, t('wechatNotices.title')),
    h('p', { class: 'muted' }, t('wechatNotices.lead')),
    ...kinds.map((kind, i) => h('label', { class: 'check' }, boxes[i], ' ', t('wechatNotices.kind.' + kind))),
    slot);
  offer(slot, kinds, t('wechatNotices.allowAll'));
}

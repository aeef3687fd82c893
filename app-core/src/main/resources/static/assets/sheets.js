/* The sheets over the page: pay (WeChat Pay, live or simulated), cancel, refund. One at a time; closing one
   stops what it was doing. What a sheet does while open is this module's own: nothing else changes it. */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { countdown } from './clock.js';
import { $, h, setText, toast, WECHAT_RETURN } from './page.js';
import { yuan, dayLabel, wallTime } from './format.js';
import { refundable, paid } from './money.js';

const t = I18N.t;
const PAY_POLL_MS = 3000;
/* a code shown to scan on another phone: WeChat Pay itself is asked every this many reads */
const NATIVE_ASK_EVERY = 5;
/* the reservation a student went to WeChat Pay's page to pay: watched when WeChat Pay sends them back */
const AWAY_PAYING = 'courtrush.paying';
let jsapiReady = false; // the gym's official account is set up: inside WeChat, WeChat pays (GET /pay/mode)

/** What GET /pay/mode said: whether paying inside WeChat's own browser is set up. */
export function setPayMode(mode) {
  jsapiReady = !!(mode && !mode.simulated && mode.jsapi);
}

let cleanup = null;      // stops what the open sheet is doing (its timers)
let paying = false;      // a POST /pay/wechat on its way: a second tap opens nothing
let watching = false;

/** Opens a sheet (closing the one open); {@code onClose} stops what it does when it closes. */
export function openSheet(title, body, actions, onClose) {
  const sheet = $('#sheet');
  if (!watching) {
    watching = true;
    // closed by the student (Esc, back): stop what the sheet was doing. The event of a sheet that
    // another replaced arrives after the new one opened, and must not stop the new one's timers.
    sheet.addEventListener('close', () => {
      if (!sheet.open && cleanup) {
        stopSheet();
      }
    });
  }
  closeSheet();
  const close = h('button', { type: 'button', class: 'secondary', onclick: () => closeSheet() },
    t('common.close'));
  sheet.replaceChildren(h('h2', {}, title), ...body, h('div', { class: 'actions' }, ...actions, close));
  cleanup = onClose || null;
  sheet.showModal();
}

function stopSheet() {
  const stop = cleanup;
  cleanup = null;
  stop();
}

export function closeSheet() {
  const sheet = $('#sheet');
  if (cleanup) {
    stopSheet();
  }
  if (sheet && sheet.open) {
    sheet.close();
  }
}

/**
 * How WeChat Pay opens here, one tap: a phone's browser goes to WeChat Pay's page, which opens WeChat (H5); a
 * computer shows a QR code to scan with WeChat (Native); WeChat's own browser pays in place (JSAPI) when the gym's
 * official account is set up, else shows the QR code, which a long press reads.
 */
export function payScene(userAgent, coarsePointer, jsapi) {
  if (/MicroMessenger/i.test(userAgent)) {
    return jsapi ? 'JSAPI' : 'NATIVE';
  }
  return coarsePointer || /Mobi|Android|iPhone|iPad/i.test(userAgent) ? 'H5' : 'NATIVE';
}

/** WeChat Pay's H5 page, told to send the student back to my bookings here when done. */
export function h5Address(h5Url, back) {
  return h5Url + (h5Url.includes('?') ? '&' : '?') + 'redirect_url=' + encodeURIComponent(back);
}

/**
 * Pays a reservation: one order, then — live on a phone — straight to WeChat Pay's page, or a sheet that shows the
 * code to scan (or, simulated, the order for the desk) and the reservation's state every few seconds while open.
 * {@code secondsToPay} says how long the reservation still waits; {@code changed} runs when it ends.
 */
export async function openPay(reservationId, secondsToPay, changed) {
  if (paying) {
    return; // a double tap asks for one order
  }
  paying = true;
  try {
    await showPayment(reservationId, secondsToPay, changed);
  } finally {
    paying = false;
  }
}

async function showPayment(reservationId, secondsToPay, changed, wechat) {
  const scene = wechat ? 'JSAPI' : payScene(navigator.userAgent, matchMedia('(pointer: coarse)').matches, jsapiReady);
  const a = await Api.post('/pay/wechat/' + reservationId,
    wechat ? { scene, wechatCode: wechat.code, wechatState: wechat.state } : { scene });
  if (a.status === 409 && a.data && a.data.authorizeUrl) {
    // the first time inside WeChat: WeChat says who the student is at the gym's account, and sends them back
    location.assign(a.data.authorizeUrl);
    return;
  }
  if (a.status !== 200) {
    if (a.status !== 401) {
      toast(a.message);
    }
    changed();
    return;
  }
  const order = a.data;
  if (order.status !== 'PAYING') {
    // WeChat Pay says it is paid already (its word had not reached the engine): settled now, nothing to open
    toast(a.message);
    changed();
    return;
  }
  if (!order.simulated && order.jsapi) {
    const result = await wechatPays(order.jsapi);
    if (/:ok$/.test(result.err_msg || '')) {
      watchAfterPaying(reservationId, changed);
    } else {
      toast(t(/:cancel$/.test(result.err_msg || '') ? 'pay.cancelledInWechat' : 'pay.failedInWechat'));
      changed();
    }
    return;
  }
  if (!order.simulated && order.h5Url) {
    sessionStorage.setItem(AWAY_PAYING, String(reservationId));
    location.assign(h5Address(order.h5Url, location.origin + location.pathname + '#/mine'));
    return;
  }
  const opened = performance.now();
  const limit = Math.min(order.secondsToExpire, secondsToPay());
  const left = h('p', { class: 'pay-left' });
  const status = h('p', { class: 'pay-status', role: 'status' }, t(order.simulated ? 'pay.waiting' : 'pay.waitingLive'));
  const timers = [];
  const stop = () => timers.forEach(clearInterval);
  const countdownTick = () => {
    const seconds = limit - (performance.now() - opened) / 1000;
    setText(left, seconds > 0 ? t('pay.left', countdown(seconds * 1000)) : t('pay.expired'));
  };
  countdownTick();
  timers.push(setInterval(countdownTick, 1000));
  // scanned on another phone: WeChat Pay is asked now and then too, in case its word is lost
  timers.push(watchState(reservationId, left, status, stop, changed, order.simulated ? 0 : NATIVE_ASK_EVERY));
  const facts = h('dl', { class: 'pay-facts' },
    h('dt', {}, t('pay.amount')), h('dd', { class: 'amount' }, '¥' + yuan(order.amountCents)),
    h('dt', {}, t('pay.order')), h('dd', { class: 'order-no' }, order.outTradeNo));
  if (order.simulated) {
    openSheet(t('pay.title'), [
      h('p', { class: 'notice warn' }, t('pay.simulated')),
      facts,
      h('div', { class: 'pay-code', 'aria-label': t('pay.code') },
        h('span', { class: 'pay-code-title' }, t('pay.code')),
        h('code', {}, order.codeUrl || '')),
      left, status
    ], [], stop);
    return;
  }
  const picture = h('div', { class: 'qr pay-qr', role: 'img', 'aria-label': t('pay.scan') });
  // the engine's own SVG of WeChat Pay's code (a path of squares, nothing from the student): safe as it is
  picture.innerHTML = order.qrSvg || '';
  openSheet(t('pay.titleLive'), [facts, picture, h('p', { class: 'muted' }, t('pay.scan')), left, status], [], stop);
}

/**
 * Reads the reservation's payment state every few seconds until it is confirmed or over; the timer's id. Every
 * {@code askEvery}-th read (0: never) asks WeChat Pay itself — its notification may be lost; the engine asks at most
 * once per few seconds per order — and says what it said; {@code atOnce}: the first read now.
 */
function watchState(reservationId, left, status, stop, changed, askEvery, atOnce) {
  let reads = 0;
  const read = async () => {
    const ask = askEvery > 0 && reads++ % askEvery === 0;
    const s = ask ? await Api.post('/pay/reservation/' + reservationId + '/check')
      : await Api.get('/pay/reservation/' + reservationId);
    if (s.status !== 200 || !status.isConnected) {
      return;
    }
    if (s.data.reservationStatus === 'CONFIRMED') {
      stop();
      setText(left, '');
      status.className = 'pay-status done';
      setText(status, t('pay.done'));
      changed();
    } else if (s.data.reservationStatus === 'CANCELLED') {
      stop();
      status.className = 'pay-status ended';
      setText(status, t('pay.ended'));
      changed();
    } else if (ask) {
      const said = wechatPaySaid(s.data);
      if (said) {
        setText(status, said);
      }
    }
  };
  if (atOnce) {
    read();
  }
  return setInterval(read, PAY_POLL_MS);
}

/** What the page says of WeChat Pay's answer to "is it paid?" while the booking waits; null: nothing new. */
export function wechatPaySaid(check) {
  switch (check.wechatPay) {
    case 'NOT_PAID':
      return t('pay.notPaidYet', (check.askedAt || '').slice(11, 19));
    case 'UNREACHABLE':
      return t('pay.askAgain');
    default:
      return null; // asked a moment ago (the last answer stands), or nothing to ask
  }
}

/**
 * Back from WeChat Pay's page: its word (the notification) may take a moment, so a sheet says so and watches the
 * reservation until it is confirmed. Nothing when the student did not come back from paying.
 */
export function resumePayment(changed) {
  const wechat = sessionStorage.getItem(WECHAT_RETURN);
  if (wechat) {
    sessionStorage.removeItem(WECHAT_RETURN);
    const back = JSON.parse(wechat);
    openPayInWechat(back, changed);
    return;
  }
  const away = sessionStorage.getItem(AWAY_PAYING);
  if (!away) {
    return;
  }
  sessionStorage.removeItem(AWAY_PAYING);
  watchAfterPaying(Number(away), changed);
}

async function openPayInWechat(back, changed) {
  if (paying) {
    return;
  }
  paying = true;
  try {
    await showPayment(back.id, () => Infinity, changed, back);
  } finally {
    paying = false;
  }
}

/** WeChat's own browser pays: its bridge, once ready, takes what the engine prepared; what it answered. */
function wechatPays(params) {
  return new Promise(resolve => {
    const go = () => window.WeixinJSBridge.invoke('getBrandWCPayRequest', params, resolve);
    if (window.WeixinJSBridge) {
      go();
    } else {
      document.addEventListener('WeixinJSBridgeReady', go, { once: true });
    }
  });
}

/**
 * After paying away from the page: a sheet that asks WeChat Pay at once whether it is paid — its notification may
 * be lost (issue 74) — and keeps asking every few seconds until it is confirmed, saying what WeChat Pay said.
 */
function watchAfterPaying(reservationId, changed) {
  const left = h('p', { class: 'pay-left' });
  const status = h('p', { class: 'pay-status', role: 'status' }, t('pay.checking'));
  const timers = [];
  const stop = () => timers.forEach(clearInterval);
  openSheet(t('pay.titleLive'), [status, left], [], stop);
  timers.push(watchState(reservationId, left, status, stop, changed, 1, true));
}

/** A booking's court, day and times, as the sheets' sentences take them. */
export function slotWords(r) {
  return [r.courtName, dayLabel(r.slotDate), r.startTime, r.endTime];
}

/** Asks before cancelling an unpaid reservation; {@code changed} runs after. */
export function confirmCancel(r, changed) {
  const go = h('button', { type: 'button', class: 'danger' }, t('cancel.confirm'));
  go.addEventListener('click', async () => {
    go.disabled = true;
    const a = await Api.del('/reserve/' + r.reservationId);
    closeSheet();
    if (a.status !== 401) {
      toast(a.message);
    }
    await changed();
  });
  openSheet(t('cancel.title'), [h('p', {}, t('cancel.body', ...slotWords(r)))], [go]);
}

/** Asks for a refund of a paid reservation, with an optional reason; {@code changed} runs after. */
export function askRefund(r, changed) {
  const reason = h('textarea', { maxlength: '200', rows: '2', name: 'reason' });
  const go = h('button', { type: 'button', class: 'danger' }, t('refund.confirm'));
  go.addEventListener('click', async () => {
    go.disabled = true;
    const a = await Api.post('/pay/refund/' + r.reservationId, { reason: reason.value.trim() || null });
    closeSheet();
    if (a.status !== 401) {
      toast(a.message);
    }
    await changed();
  });
  openSheet(t('refund.title'), [
    // after a part given back, the rest: never what already went back (issue 74)
    h('p', { class: 'refund-amount' }, refundable(r) < paid(r)
      ? t('refund.bodyRest', ...slotWords(r), yuan(refundable(r)), yuan(paid(r)))
      : t('refund.body', ...slotWords(r), yuan(refundable(r)))),
    h('p', { class: 'muted' }, t('refund.until', wallTime(r.refundUntil))),
    h('label', {}, h('span', {}, t('refund.reason')), reason)
  ], [go]);
}

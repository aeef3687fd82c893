/* The campus sign-in (SPEC §18): the university's own account beside the gym's. The sign-in view offers it
   first when the engine says so (GET /auth/campus). By LDAP the form itself serves (the directory checks what is
   typed, POST /auth/login), and the view only says so; by CAS or OpenID Connect its button leaves the page for
   GET /auth/campus/start,
   and the engine sends the browser back to /#campus=<one-time code> or /#campus-error=<reason>. Signing out
   of a campus session ends the engine's token (POST /auth/campus/logout) and may offer the university's own
   sign-out, an ordinary link, so a shared computer can end that session too. What a return means for the
   flow (a student, a staff account, a refusal) is the sign-in view's: signin.js. */
import { I18N } from './i18n.js';
import { Api, Session } from './api.js';
import { $, setText } from './page.js';

const t = I18N.t;
const REASONS = ['notAllowed', 'left', 'disabled', 'down', 'expired', 'failed'];
const WECHAT_REASONS = ['disabled', 'expired', 'down', 'failed'];
const WECHAT_TRIED = 'courtrush.wechatTried'; // this tab went to WeChat once: never again by itself (signed out, refused)
const WECHAT_BIND = 'courtrush.wechatBind';   // WeChat's offer to bind, for the student's own sign-in to take

let offer = { enabled: false, protocol: null, label: '', wechat: false }; // the engine's last word on the offer
let wechatOffer = null;                    // the offer to bind while the student may still untick it
let directoryLogout = null;                // the university's sign-out offered after a campus sign-out
let asked = 0;                             // answers to an earlier ask are dropped

/** Wires the button: it leaves for the university's sign-in, and is pressable again if the student comes back. */
export function start() {
  $('#campus-signin').addEventListener('click', () => leaveForCampus(url => location.assign(url)));
  $('#wechat-signin').addEventListener('click', () => leaveForWechat(url => location.assign(url)));
  $('#wechat-link input').addEventListener('change', event => {
    if (event.target.checked && wechatOffer) {
      sessionStorage.setItem(WECHAT_BIND, wechatOffer);
    } else {
      sessionStorage.removeItem(WECHAT_BIND);
    }
  });
  window.addEventListener('pageshow', event => {
    if (event.persisted) {
      ready($('#campus-signin')); // back from the university's page out of the browser's cache
    }
  });
}

/** What a location hash brings back from the university: {code}, {error: reason}, or null (nothing). */
export function campusReturn(hash) {
  const m = /^#campus(-error)?=(.*)$/.exec(hash || '');
  if (!m) {
    return null;
  }
  let value;
  try {
    value = decodeURIComponent(m[2]);
  } catch (e) {
    value = '';
  }
  if (m[1]) {
    return { error: REASONS.includes(value) ? value : 'failed' };
  }
  return value ? { code: value } : { error: 'failed' };
}

/*
 * Signing in by WeChat (SPEC §22). Inside WeChat's browser, when the gym's official account is set (GET /auth/campus
 * says wechat), the sign-in view goes by itself, once per tab, to GET /auth/wechat/start; WeChat's OAuth sends the
 * page back to /#wechat=<one-time code> (a bound student: traded for the token as a campus return is),
 * /#wechat-bind=<code> (nobody bound yet: the student's own sign-in then binds this WeChat, unless they untick the
 * offer) or /#wechat-error=<reason>.
 */

/** Whether the page is open in WeChat's own browser. */
export function insideWechat(userAgent = navigator.userAgent) {
  return /MicroMessenger/i.test(userAgent);
}

/** What a location hash brings back from WeChat: {code}, {bind: code}, {error: reason}, or null (nothing). */
export function wechatReturn(hash) {
  const m = /^#wechat(-error|-bind)?=(.*)$/.exec(hash || '');
  if (!m) {
    return null;
  }
  let value;
  try {
    value = decodeURIComponent(m[2]);
  } catch (e) {
    value = '';
  }
  if (m[1] === '-error') {
    return { error: WECHAT_REASONS.includes(value) ? value : 'failed', wechat: true };
  }
  if (!value) {
    return { error: 'failed', wechat: true };
  }
  return m[1] === '-bind' ? { bind: value, wechat: true } : { code: value, wechat: true };
}

/** The key of the text that tells a student why WeChat did not sign them in. */
export function wechatReasonKey(reason) {
  return 'wechat.error.' + (WECHAT_REASONS.includes(reason) ? reason : 'failed');
}

/** WeChat knows nobody here yet: the sign-in view offers to bind this WeChat with the student's own sign-in. */
export function offerWechatBinding(code) {
  wechatOffer = code;
  sessionStorage.setItem(WECHAT_BIND, code);
  sessionStorage.setItem(WECHAT_TRIED, '1');
  $('#wechat-link input').checked = true;
  $('#wechat-link').hidden = false;
}

/**
 * After the student's own sign-in: binds the WeChat that was offered (POST /auth/wechat/bind, with the engine's
 * cookie of WeChat's return), if the offer still stands. Answers whether it was bound.
 */
export async function bindWechat() {
  const code = sessionStorage.getItem(WECHAT_BIND);
  sessionStorage.removeItem(WECHAT_BIND);
  wechatOffer = null;
  $('#wechat-link').hidden = true;
  if (!code) {
    return false;
  }
  const a = await Api.postWithCookie('/auth/wechat/bind', { code });
  return a.status === 200;
}

/** Leaves for WeChat's sign-in ({@code go} navigates the whole page), remembering where to come back to. */
export function leaveForWechat(go) {
  sessionStorage.setItem(WECHAT_TRIED, '1');
  sessionStorage.setItem('courtrush.return', sessionStorage.getItem('courtrush.return') || location.hash || '#/slots');
  const button = $('#wechat-signin');
  button.disabled = true;
  button.classList.add('busy');
  setText(button, t('wechat.going'));
  go('/auth/wechat/start');
}

/** Trades WeChat's one-time code for the engine's token: POST /auth/wechat/token, with the engine's cookie. */
export function exchangeWechat(code) {
  return Api.postWithCookie('/auth/wechat/token', { code });
}

/** The key of the text that tells a student why the campus sign-in did not sign them in. */
export function reasonKey(reason) {
  return 'campus.error.' + (REASONS.includes(reason) ? reason : 'failed');
}

/**
 * The university's name as the page says it: the engine's label (one string, as the gym set it), or the page's own
 * words ("统一身份认证" / "campus account") when it gives none — and on an English page when it is written in Chinese
 * characters, which an English reader cannot say. A Latin name (jAccount, NetID) reads in both languages.
 */
export function campusLabel(label) {
  const name = label ? label.trim() : '';
  return name && !(I18N.lang === 'en' && /\p{Script=Han}/u.test(name)) ? name : t('campus.defaultLabel');
}

/** The address of the university's sign-out if it is an absolute http(s) one, else null (never a script). */
export function safeLogoutUrl(url) {
  if (typeof url !== 'string') {
    return null;
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch (e) {
    return null; // not an absolute address
  }
}

/**
 * Asks whether the campus sign-in is offered and shows its button (hidden when not, or when the engine does not
 * say); {@code logoutUrl}, after a campus sign-out, is the university's sign-out to offer as a link. The view
 * says data-campus="ready" once this is on screen. Inside WeChat ({@code browser}'s user agent), with the
 * official account set, it leaves for WeChat's sign-in once per tab ({@code browser.go}).
 */
export async function offerCampus(logoutUrl, browser = { userAgent: navigator.userAgent, go: url => location.assign(url) }) {
  const mine = ++asked;
  directoryLogout = safeLogoutUrl(logoutUrl);
  $('#view-signin').dataset.campus = 'asking';
  $('#campus-logout').hidden = true;
  const a = await Api.get('/auth/campus');
  if (mine !== asked) {
    return;
  }
  offer = a.status === 200 && a.data
    ? { enabled: a.data.enabled === true, protocol: a.data.protocol || null, label: a.data.label || '',
        wechat: a.data.wechat === true }
    : { enabled: false, protocol: null, label: offer.label, wechat: false };
  ready($('#campus-signin'));
  const wechat = offer.wechat && insideWechat(browser.userAgent);
  const button = $('#wechat-signin');
  button.disabled = false;
  button.classList.remove('busy');
  button.hidden = !wechat;
  redraw();
  if (wechat && !sessionStorage.getItem(WECHAT_TRIED)) {
    $('#view-signin').dataset.campus = 'leaving';
    leaveForWechat(browser.go); // opened from the gym's official account: signed in by WeChat
    return;
  }
  $('#view-signin').dataset.campus = 'ready';
}

/** Draws the offer and the sign-out link in the current language (after a language switch too). */
export function redraw() {
  const label = campusLabel(offer.label);
  // LDAP: the directory checks the password typed in the form itself, there is no page to leave for
  const inForm = offer.enabled && offer.protocol === 'LDAP';
  $('#campus-offer').hidden = !offer.enabled || inForm;
  $('#campus-ldap').hidden = !inForm;
  setText($('#campus-ldap'), inForm ? t('campus.ldap', label) : '');
  const help = $('#signin-help'); // who keeps the password: the university's is reset there, not at the desk
  help.dataset.i18n = inForm ? 'campus.ldapHelp' : 'signin.help';
  setText(help, t(help.dataset.i18n));
  const button = $('#campus-signin');
  setText(button, button.disabled ? t('campus.going', label) : t('campus.signIn', label));
  const wechat = $('#wechat-signin');
  setText(wechat, wechat.disabled ? t('wechat.going') : t('wechat.signIn'));
  const link = $('#campus-logout-link');
  if (directoryLogout) {
    link.href = directoryLogout;
    setText(link, t('campus.logout', label));
  } else {
    link.removeAttribute('href');
  }
  $('#campus-logout').hidden = !directoryLogout;
}

/**
 * Leaves for the university's sign-in ({@code go} navigates the whole page), remembering where to come back
 * to as a sign-in after expiry does; the button says it is on its way and cannot be pressed twice.
 */
export function leaveForCampus(go) {
  sessionStorage.setItem('courtrush.return', sessionStorage.getItem('courtrush.return') || location.hash || '#/slots');
  const button = $('#campus-signin');
  button.disabled = true;
  button.classList.add('busy');
  setText(button, t('campus.going', campusLabel(offer.label)));
  go('/auth/campus/start');
}

function ready(button) {
  button.disabled = false;
  button.classList.remove('busy');
  setText(button, t('campus.signIn', campusLabel(offer.label)));
}

/**
 * Trades the one-time code the university's return brought for the engine's token: POST /auth/campus/token, with
 * the engine's cookie that binds the sign-in to this browser (no other call sends a cookie).
 */
export function exchange(code) {
  return Api.postWithCookie('/auth/campus/token', { code });
}

/**
 * Ends the engine's token of the session signed in now: POST /auth/campus/logout for a campus session, whose
 * answer may name the university's sign-out (answered, if http(s)), else POST /auth/logout (answers null).
 * Clearing the session is the caller's.
 */
export async function endSession() {
  if (!(Session.current && Session.current.campus)) {
    await Api.post('/auth/logout');
    return null;
  }
  const a = await Api.post('/auth/campus/logout');
  return a.status === 200 && a.data ? safeLogoutUrl(a.data.directoryLogout) : null;
}

/* CourtRush students' page — talking to the engine. The token lives in this browser's storage
   until it expires and goes only in the Authorization header, never in a URL. */
import { I18N } from './i18n.js';

/** No answer from the engine: the network failed (status 0), or a proxy could not reach it (502, 504). */
export function unreached(status) {
  return status === 0 || status === 502 || status === 504;
}

/** A maintenance the engine is in, from its 503 ({maintenance, until}: the kind, the gym's time it is back), or null. */
function maintenanceOf(status, envelope) {
  const data = status === 503 && envelope ? envelope.data : null;
  return data && data.maintenance && data.until ? { kind: data.maintenance, until: data.until } : null;
}

export const Session = (() => {
  const STORE = 'courtrush.session';

  function read() {
    try {
      const s = JSON.parse(localStorage.getItem(STORE));
      if (s && s.token && Date.parse(s.expiresAt) > Date.now()) {
        return s;
      }
    } catch (e) {
      console.warn('Stored sign-in unreadable; signing in again', e);
    }
    localStorage.removeItem(STORE);
    return null;
  }

  let current = read();

  return {
    get current() { return current; },
    save(login) {
      // campus: signed in with the university's account (SPEC §18), signed out through it too;
      // passwordAtUniversity: the gym keeps no password of the account (a directory's, LDAP's too)
      current = { token: login.token, expiresAt: login.expiresAt, studentId: login.studentId, name: login.name,
        campus: login.campus === true, passwordAtUniversity: login.passwordAtUniversity === true,
        category: login.category || 'STUDENT' };
      localStorage.setItem(STORE, JSON.stringify(current));
    },
    /** What the engine says of me now (GET /auth/me): what I book as may have changed since I signed in. */
    learn(me) {
      if (current && me && me.category) {
        current = Object.assign({}, current, { category: me.category });
        localStorage.setItem(STORE, JSON.stringify(current));
      }
    },
    clear() {
      current = null;
      localStorage.removeItem(STORE);
    }
  };
})();

/**
 * One call to the engine. Resolves to {status, code, message, data, retryAfter} for every HTTP
 * answer (status 0 when the network failed); 401 also calls Api.onUnauthorized. Every call tells
 * Api.onReach whether the engine was reached (a proxy's 502/504 means it was not; a node in maintenance, whose 503
 * says until when, is not serving either: that maintenance goes along).
 */
export const Api = {
  onUnauthorized: () => {},
  onReach: () => {},

  /* No cookie goes with a call (the bearer token is the sign-in), but with {@code withCookie}: the campus sign-in's
     exchange, bound to the browser that began it by a cookie of the engine's. */
  async call(method, path, body, extraHeaders, withCookie) {
    const headers = Object.assign({ 'Accept': 'application/json', 'Accept-Language': I18N.acceptLanguage() },
      extraHeaders || {});
    if (Session.current) {
      headers['Authorization'] = 'Bearer ' + Session.current.token;
    }
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    let response;
    try {
      response = await fetch(path, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store', credentials: withCookie ? 'same-origin' : 'omit'
      });
    } catch (e) {
      Api.onReach(false, path);
      return { status: 0, code: 'NETWORK', message: I18N.t('error.network'), data: null, retryAfter: null };
    }
    let envelope = null;
    try {
      envelope = await response.json();
    } catch (e) {
      envelope = null; // a proxy's HTML page, or nothing: answered below by its status
    }
    const maintenance = maintenanceOf(response.status, envelope);
    Api.onReach(!unreached(response.status) && !maintenance, path, maintenance);
    const retry = Number.parseInt(response.headers.get('Retry-After'), 10);
    const answer = {
      status: response.status,
      code: envelope && envelope.enumCode ? envelope.enumCode : (response.ok ? 'SUCCESS' : 'ERROR'),
      message: envelope && envelope.message ? envelope.message
        : (unreached(response.status) ? I18N.t('error.network') // a proxy's page: the engine was not reached
          : response.status === 503 ? I18N.t('error.busy') : I18N.t('error.generic')),
      data: envelope ? envelope.data : null,
      retryAfter: Number.isFinite(retry) ? retry : null
    };
    if (response.status === 401 && Session.current) {
      Api.onUnauthorized(answer);
    }
    return answer;
  },

  /** A file of the engine's (an .ics): {status, blob} when it came, else {status, message} as call() says. */
  async download(path) {
    const headers = { 'Accept-Language': I18N.acceptLanguage() };
    if (Session.current) {
      headers['Authorization'] = 'Bearer ' + Session.current.token;
    }
    let response;
    try {
      response = await fetch(path, { headers, cache: 'no-store', credentials: 'omit' });
    } catch (e) {
      Api.onReach(false, path);
      return { status: 0, message: I18N.t('error.network') };
    }
    if (response.ok) {
      Api.onReach(true, path);
      return { status: response.status, blob: await response.blob() };
    }
    let envelope = null;
    try {
      envelope = await response.json();
    } catch (e) {
      envelope = null;
    }
    const maintenance = maintenanceOf(response.status, envelope);
    Api.onReach(!unreached(response.status) && !maintenance, path, maintenance);
    const answer = { status: response.status, message: envelope && envelope.message ? envelope.message
      : I18N.t(unreached(response.status) ? 'error.network' : 'error.generic') };
    if (response.status === 401 && Session.current) {
      Api.onUnauthorized(answer);
    }
    return answer;
  },

  get(path) { return Api.call('GET', path); },
  post(path, body, headers) { return Api.call('POST', path, body === undefined ? {} : body, headers); },
  postWithCookie(path, body) { return Api.call('POST', path, body, undefined, true); },
  put(path, body) { return Api.call('PUT', path, body === undefined ? {} : body); },
  del(path) { return Api.call('DELETE', path); }
};

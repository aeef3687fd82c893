/* What the screens' tests share: a piece of the page's markup to render into, the engine answering from a
   script instead of the network, and a moment for the page's promises to settle. */
import { Api } from '/assets/api.js';

/** Puts {@code html} (elements with the page's ids) into the document; answers a function that removes it. */
export function fixture(html) {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  return () => box.remove();
}

/**
 * Answers every call of the page's Api from {@code answer(method, path, body, headers)} (an Api answer, or a
 * promise of one) and records the calls; restore() puts the real network back.
 */
export function fakeEngine(answer) {
  const real = Api.call;
  const calls = [];
  Api.call = async (method, path, body, headers) => {
    calls.push({ method, path, body, headers });
    return answer(method, path, body, headers) || reply(404, null);
  };
  return { calls, restore() { Api.call = real; } };
}

export function reply(status, data, fields) {
  return Object.assign({ status, code: status === 200 || status === 202 ? 'SUCCESS' : 'ERROR',
    message: 'engine says ' + status, data, retryAfter: null }, fields);
}

/** Lets the page's pending promises (and a timer of {@code ms}) run. */
export function settle(ms) {
  return new Promise(resolve => setTimeout(resolve, ms || 0));
}

/** A promise with its resolve exposed: an answer the test releases when it wants. */
export function later() {
  let release;
  const promise = new Promise(resolve => { release = resolve; });
  return { promise, release };
}

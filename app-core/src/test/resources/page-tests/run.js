/* Runs every test of the page's modules; each test module exports {name: function}. Answers one line per
   test: {test, error} (error null when it passed). */
import clock from './clock.test.js';
import tap from './tap.test.js';
import api from './api.test.js';
import store from './store.test.js';
import reserve from './reserve.test.js';
import courts from './courts.test.js';
import bookings from './bookings.test.js';
import screens from './screens.test.js';
import campus from './campus.test.js';
import sha from './sha.test.js';
import draw from './draw.test.js';
import live from './live.test.js';
import times from './times.test.js';
import pay from './pay.test.js';
import wechat from './wechat.test.js';
import { I18N } from '/assets/i18n.js';

export async function runAll() {
  await Promise.all([I18N.load('zh'), I18N.load('en')]); // the screens' texts, which the page loads after sign-in
  const results = [];
  for (const [module, tests] of Object.entries({ clock, tap, api, store, reserve, courts, bookings, screens, campus, sha, draw, live, times, pay, wechat })) {
    for (const [name, test] of Object.entries(tests)) {
      try {
        await test();
        results.push({ test: module + ': ' + name, error: null });
      } catch (e) {
        results.push({ test: module + ': ' + name, error: String(e && e.stack || e) });
      }
    }
  }
  return results;
}

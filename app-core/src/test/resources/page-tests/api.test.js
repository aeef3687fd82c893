/* Talking to the engine: which answers mean the engine was not reached, and what the page says then. */
import { Api, unreached } from '/assets/api.js';
import { I18N } from '/assets/i18n.js';
import { equal } from './assert.js';

/** Runs {@code test} with fetch answering {@code answer()} (a Response, or a throw), then puts fetch back. */
async function withFetch(answer, test) {
  const real = window.fetch;
  const reached = [];
  const onReach = Api.onReach;
  window.fetch = async () => answer();
  Api.onReach = (ok, path, maintenance) => reached.push(maintenance ? { ok, maintenance } : ok);
  try {
    await test(reached);
  } finally {
    window.fetch = real;
    Api.onReach = onReach;
  }
}

export default {
  'the network failing or a proxy that could not reach the engine is "unreached"; the engine busy is not'() {
    equal(unreached(0), true, 'network error');
    equal(unreached(502), true, 'bad gateway');
    equal(unreached(504), true, 'gateway timeout');
    equal(unreached(503), false, 'the engine itself, busy');
    equal(unreached(200), false, 'an answer');
  },

  async 'the engine not reached is said as the banner says it, never blaming the phone, in both languages'() {
    const lang = I18N.lang;
    try {
      for (const [language, banner] of [['zh', '连不上预约服务器'], ['en', "Can't reach the booking server"]]) {
        I18N.set(language);
        equal(I18N.t('net.lost').startsWith(banner), true, language + ': the banner');
        equal(I18N.t('reserve.network').startsWith(banner), true, language + ': a tap with no answer');
        equal(I18N.t('error.network').startsWith(banner), true, language + ': any other call with no answer');
        equal(/检查网络|check your connection/.test(I18N.t('reserve.network') + I18N.t('error.network')), false,
          language + ': the phone not blamed');
      }
      I18N.set('zh');
      await withFetch(() => { throw new TypeError('Failed to fetch'); }, async (reached) => {
        const a = await Api.call('GET', '/slots');
        equal(a.status, 0, 'no answer');
        equal(a.message, I18N.t('error.network'), 'no answer: the server not reached');
        equal(reached[0], false, 'the banner told');
      });
      await withFetch(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }), async (reached) => {
        const a = await Api.call('GET', '/slots');
        equal(a.message, I18N.t('error.network'), "a proxy's 502 page: the server not reached");
        equal(reached[0], false, 'the banner told');
        const file = await Api.download('/calendar/x.ics');
        equal(file.message, I18N.t('error.network'), 'a download the proxy answered 502');
      });
      await withFetch(() => new Response('', { status: 503 }), async (reached) => {
        equal((await Api.call('GET', '/slots')).message, I18N.t('error.busy'), 'the engine busy says so');
        equal(reached[0], true, 'the engine busy was reached');
      });
      // issue 80: a node in maintenance (an upgrade announced) says until when: not serving, the time goes along
      const upgrading = () => new Response(JSON.stringify({ enumCode: 'ERROR', message: '预约系统正在升级',
        data: { maintenance: 'UPGRADE', until: '2026-11-30T14:40:00' } }), { status: 503 });
      await withFetch(upgrading, async (reached) => {
        const a = await Api.call('GET', '/slots');
        equal(a.message, '预约系统正在升级', "the engine's own words");
        equal(JSON.stringify(reached[0]),
          JSON.stringify({ ok: false, maintenance: { kind: 'UPGRADE', until: '2026-11-30T14:40:00' } }),
          'the banner told: maintenance, back at 14:40');
        await Api.download('/calendar/x.ics');
        equal(reached[1].ok, false, 'a download in maintenance: not served either');
      });
    } finally {
      I18N.set(lang);
    }
  }
};

/* A payment whose WeChat Pay notification was lost (issue 74): back from paying, the page asks WeChat Pay at once
   (through the engine) and says what it said; a tap on "pay" for an order WeChat Pay says is paid opens nothing and
   says it is confirmed. */
import { I18N } from '/assets/i18n.js';
import { closeSheet, openPay, resumePayment, wechatPaySaid } from '/assets/sheets.js';
import { fixture, fakeEngine, reply, settle } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const SHEET = '<dialog id="sheet"></dialog><div id="toast" hidden></div>';
const AWAY_PAYING = 'courtrush.paying';
const check = (fields) => Object.assign({ reservationId: 5, reservationStatus: 'PENDING_PAYMENT',
  payStatus: 'PAYING', wechatPay: 'NOT_PAID', askedAt: '2026-11-26T13:01:02' }, fields);

/** Back from WeChat Pay's page with the engine answering {@code answer} to the check; what was asked, and the sheet. */
async function backFromPaying(answer) {
  const engine = fakeEngine((method, path) =>
    method === 'POST' && path === '/pay/reservation/5/check' ? reply(200, answer) : null);
  let changed = 0;
  sessionStorage.setItem(AWAY_PAYING, '5');
  resumePayment(() => { changed++; });
  await settle(20);
  engine.restore();
  return { calls: engine.calls, changed, status: document.querySelector('#sheet .pay-status') };
}

export default {
  async 'back from paying, WeChat Pay is asked at once and its "not paid yet" is said with when it was asked'() {
    const remove = fixture(SHEET);
    try {
      const back = await backFromPaying(check({}));
      same(back.calls.map(c => c.method + ' ' + c.path), ['POST /pay/reservation/5/check'], 'asked at once');
      equal(back.status.textContent, t('pay.notPaidYet', '13:01:02'), 'what WeChat Pay said, and when');
      equal(back.changed, 0, 'nothing changed');
      equal(sessionStorage.getItem(AWAY_PAYING), null, 'asked once per return');
    } finally {
      closeSheet();
      remove();
    }
  },

  async 'back from paying, a payment WeChat Pay confirms turns the sheet paid and my bookings are read again'() {
    const remove = fixture(SHEET);
    try {
      const back = await backFromPaying(check({ reservationStatus: 'CONFIRMED', payStatus: 'SUCCESS',
        wechatPay: 'PAID' }));
      equal(back.status.textContent, t('pay.done'), 'paid');
      equal(back.status.classList.contains('done'), true, 'said plainly');
      equal(back.changed, 1, 'my bookings read again');
    } finally {
      closeSheet();
      remove();
    }
  },

  'what the page says of WeChat Pay\'s answer: not paid with when, not answering, else nothing new'() {
    same([wechatPaySaid(check({})), wechatPaySaid(check({ wechatPay: 'UNREACHABLE' })),
      wechatPaySaid(check({ wechatPay: 'ASKED_A_MOMENT_AGO', askedAt: null })),
      wechatPaySaid(check({ wechatPay: 'NOTHING_TO_ASK', askedAt: null }))],
    [t('pay.notPaidYet', '13:01:02'), t('pay.askAgain'), null, null], 'the words');
  },

  async 'a tap on pay for an order WeChat Pay says is paid opens nothing and says it is confirmed'() {
    const remove = fixture(SHEET);
    const engine = fakeEngine((method, path) => method === 'POST' && path === '/pay/wechat/5'
      ? reply(200, { outTradeNo: 'CR1', reservationId: 5, amountCents: 2000, status: 'SUCCESS', h5Url: null,
        codeUrl: null, jsapi: null, simulated: false }, { message: 'paid at WeChat Pay: confirmed' })
      : null);
    let changed = 0;
    try {
      await openPay(5, () => Infinity, () => { changed++; });
      equal(document.querySelector('#toast').textContent, 'paid at WeChat Pay: confirmed', 'said');
      equal(document.querySelector('#sheet').open, false, 'no sheet to pay in');
      equal(sessionStorage.getItem(AWAY_PAYING), null, 'nowhere to go');
      equal(changed, 1, 'my bookings read again');
    } finally {
      engine.restore();
      closeSheet();
      remove();
    }
  }
};

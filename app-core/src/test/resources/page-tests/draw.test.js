/* A fair draw checked in the page (draw-check.js) and its page (draw.js): the worked example of
   docs/fair-draw.md verifies, with Web Crypto and with the page's own hashes; an edited secret, entry or winner
   fails, naming what does not match; the page says where the student was drawn, with slots as words. */
import { I18N } from '/assets/i18n.js';
import { Api } from '/assets/api.js';
import { showView, route } from '/assets/page.js';
import { checkDraw, entryLine, malformed } from '/assets/draw-check.js';
import { enter, forget } from '/assets/draw.js';
import { fixture, fakeEngine, reply } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const A = '89d376acd54fc9b5b23f65a9733b0ef32f2bec1a'; // SHA-1("entrant:7:101")
const B = '4cb261a792c90e9d142e267a055a4192db9b340c'; // 102
const C = '402c9e5f6c58018f61790bba7be42f3d778e302a'; // 103
const D = '9853b34a36a99d79dcf5d367b079dbcc73330eef'; // 104

/** docs/fair-draw.md's worked example, as GET /draws/7 publishes it. */
function example() {
  const commitment = '5947d7c33d783f94b3b4c1a96ebc8991ed28f1b069b71e03376cba8caa98a720';
  return {
    sessionId: 7, commitment, drawnTime: '2026-11-26T13:00:01',
    record: {
      version: 1, sessionId: 7, commitment, secret: '00112233445566778899aabbccddeeff', open: true, limit: 1,
      places: { 31: 1, 32: 1 }, digest: 'dd69b8cd06661adade9a4c0c374896fabca4d449',
      entries: [
        { id: A, wants: ['31', '32'], held: 0, taken: [], expired: false },
        { id: B, wants: ['31'], held: 0, taken: [], expired: false },
        { id: C, wants: ['32', '31'], held: 1, taken: [], expired: false },
        { id: D, wants: ['32'], held: 0, taken: [], expired: true }],
      winners: [{ id: B, slot: '31' }, { id: A, slot: '32' }]
    }
  };
}

const kinds = (check) => check.problems.map(p => p.kind);

export default {
  'the draw\'s page has its own address, with its opening and day'() {
    same(route('#/draw/7/2026-11-26'), { view: 'draw', date: '2026-11-26', sessionId: 7 }, 'with its day');
    same(route('#/draw/7'), { view: 'draw', date: null, sessionId: 7 }, 'without');
    same(route('#/draw/x'), { view: 'slots', date: null }, 'not an opening: the courts');
  },

  'an entry is digested as its line'() {
    equal(entryLine({ id: C, wants: ['32', '31'], held: 1, taken: [], expired: false }), C + ' 32,31 1 - 0', 'taken none');
    equal(entryLine({ id: A, wants: ['31'], held: 0, taken: ['31'], expired: true }), A + ' 31 0 31 1', 'taken, expired');
  },

  async 'the worked example verifies with the page\'s own hashes and with Web Crypto'() {
    for (const web of [false, true]) {
      const check = await checkDraw(example(), null, web);
      same(check.problems, [], 'no problem, web crypto ' + web);
      equal(check.holds, true, 'holds');
      same(check.order, [B, C, D, A], 'the order by SHA-1(secret:digest:id)');
      same(check.winners, example().record.winners, 'the winners in the order drawn');
    }
  },

  async 'an edited secret fails the commitment and the winners'() {
    const edited = example();
    edited.record.secret = '01112233445566778899aabbccddeeff';
    const check = await checkDraw(edited, null, false);
    equal(check.holds, false, 'fails');
    same(kinds(check), ['commitment', 'count', 'winner'], 'what does not match');
    equal(check.problems[0].published, example().commitment, 'the commitment published');
  },

  async 'an edited entry fails the digest'() {
    const edited = example();
    edited.record.entries[1].wants = ['32'];
    const check = await checkDraw(edited, null, false);
    same(kinds(check), ['digest', 'winner'], 'what does not match');
    equal(check.problems[0].published, 'dd69b8cd06661adade9a4c0c374896fabca4d449', 'the digest the draw was made on');
  },

  async 'an edited winner is named with its place'() {
    const edited = example();
    edited.record.winners[1].slot = '31';
    const check = await checkDraw(edited, null, false);
    same(check.problems, [{ kind: 'winner', place: 2, computed: { id: A, slot: '32' }, published: { id: A, slot: '31' } }],
      'the second winner');
  },

  async 'a commitment other than the one seen at warm-up fails; a record missing a field says which'() {
    const check = await checkDraw(example(), 'ab'.repeat(32), false);
    same(kinds(check), ['commitment', 'recordCommitment'], 'a commitment changed after the warm-up');
    const broken = example();
    delete broken.record.places;
    equal(malformed(broken.record), 'places', 'the missing field');
    same(kinds(await checkDraw(broken, null, false)), ['shape'], 'said, nothing re-run');
  },

  async 'the page says verified, where the student was drawn and names slots as court, date and time'() {
    const { text, verdict } = await pageOf(example(), A);
    forget();
    equal(verdict, t('draw.verified'), 'verified');
    equal(text.includes(t('draw.you.won', '场地 2 11-26 ' + I18N.weekday(4) + ' 19:00–20:00', 4, 4)), true,
      'drawn, where, and the place in the order: ' + text);
    equal(text.includes(A), true, 'the entry id');
    equal(text.includes(example().commitment), true, 'the commitment');
    equal(text.includes(t('draw.counts', 4, 2, 2)), true, 'how many entered');
    equal(text.includes('2026-11-26T'), false, 'no ISO time');
  },

  async 'one place is "1 place", and the page sends a phone to nothing it cannot open'() {
    const one = example();
    one.record.places = { 31: 1 };
    const was = I18N.lang;
    try {
      for (const lang of ['en', 'zh']) {
        I18N.set(lang);
        const { text } = await pageOf(one, A);
        forget();
        equal(text.includes(t('draw.countsOnePlace', 4, 1, 2)), true, lang + ' one place: ' + text);
        equal(/1 places|docs\/|java -jar/.test(text), false, lang + ' words a student can act on: ' + text);
      }
      equal(t('draw.countsOnePlace', 4, 1, 2), '4 人报名，1 个名额，2 人中签', 'zh');
      I18N.set('en');
      equal(t('draw.countsOnePlace', 5, 1, 1), '5 entered for 1 place; 1 drawn', 'en');
    } finally {
      I18N.set(was);
    }
  },

  async 'before the draw the page shows the commitment and the entry id, and no verdict'() {
    const page = await beforeTheDraw();
    equal(page.text.includes(t('draw.notYet')), true, 'not drawn yet: ' + page.text);
    equal(page.text.includes(example().commitment) && page.text.includes(A), true, 'the commitment and entry id');
    equal(page.verdict, null, 'nothing to verify yet');
    same(page.calls, ['/reserve/draws/7/entry'], 'no day: /slots not asked');
  },

  async 'the page says what does not match for an edited record, in words'() {
    const edited = example();
    edited.record.winners[0].slot = '32';
    const { text, verdict } = await pageOf(edited, B);
    forget();
    equal(verdict.startsWith(t('draw.mismatch')), true, 'the verdict: ' + verdict);
    equal(text.includes(t('draw.you.wonUnchecked', '场地 2 11-26 ' + I18N.weekday(4) + ' 19:00–20:00')), true,
      'what the record says of the student, no place in an order that does not hold: ' + text);
    equal(text.includes(t('draw.mismatch')), true, '✗');
    const names = (slot) => t('draw.bad.pick', B.slice(0, 12) + '…', slot);
    equal(text.includes(t('draw.bad.winner', 1, names('场地 1 11-26 ' + I18N.weekday(4) + ' 18:00–19:00'),
      names('场地 2 11-26 ' + I18N.weekday(4) + ' 19:00–20:00'))), true, 'the first winner differs: ' + text);
  }
};

/** The draw's page before the draw: the commitment and the student's entry id, no verdict. */
async function beforeTheDraw() {
  const published = { sessionId: 7, commitment: example().commitment, drawnTime: null, record: null };
  const remove = fixture('<div id="draw-body"></div>');
  const download = Api.download;
  Api.download = async () => ({ status: 200, blob: new Blob([JSON.stringify({ code: 200, data: published })]) });
  const engine = fakeEngine((method, path) => path === '/reserve/draws/7/entry' ? reply(200, { entryId: A }) : null);
  try {
    showView('draw');
    await enter(7, null);
    return { text: document.querySelector('#draw-body').textContent,
      verdict: document.querySelector('#draw-verdict'), calls: engine.calls.map(c => c.path) };
  } finally {
    engine.restore();
    Api.download = download;
    showView(null);
    forget();
    remove();
  }
}

/** The draw's page for {@code published}, signed in as the entrant {@code entryId}: its text and its verdict. */
async function pageOf(published, entryId) {
  const remove = fixture('<div id="draw-body"></div>');
  const download = Api.download;
  Api.download = async () => ({ status: 200, blob: new Blob([JSON.stringify({ code: 200, data: published })]) });
  const engine = fakeEngine((method, path) => {
    if (path === '/reserve/draws/7/entry') {
      return reply(200, { sessionId: 7, entryId });
    }
    if (path === '/slots?date=2026-11-26') {
      return reply(200, [{ sessionId: 7, sessionDate: '2026-11-26', drawCommitment: published.commitment, slots: [
        { slotId: 31, courtId: 1, courtName: '场地 1', startTime: '18:00', endTime: '19:00' },
        { slotId: 32, courtId: 2, courtName: '场地 2', startTime: '19:00', endTime: '20:00' }] }]);
    }
    return null;
  });
  try {
    showView('draw');
    await enter(7, '2026-11-26');
    return { text: document.querySelector('#draw-body').textContent,
      verdict: document.querySelector('#draw-verdict').textContent };
  } finally {
    engine.restore();
    Api.download = download;
    showView(null);
    remove();
  }
}

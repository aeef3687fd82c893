/* The booking-pass panel of an opening that asks for one: in the minute before its gate opens (and while it
   is open, or while its fair draw takes entries) the student reads a picture and types what it shows; the
   pass it gives is held in tap-store.js and goes with the next tap, once. Nothing is asked before that
   minute, so a person is ready at the flash time. */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import * as Taps from './tap-store.js';
import { h, setText } from './page.js';

const t = I18N.t;

/** A booking pass is asked for in the minute before the gate opens. */
export const PASS_LEAD_MS = 60000;

/** Whether the panel shows: the gate open or within the lead, or the opening's fair draw taking entries. */
export function passNear(gate, draw) {
  // a draw takes entries (with their passes) from its warm-up: the picture is there as long
  return gate.phase === 'open' || (gate.phase === 'soon' && gate.msLeft <= PASS_LEAD_MS)
    || (draw !== null && draw.phase === 'open');
}

export function buildPassPanel(opening) {
  const panel = { sessionId: opening.sessionId, loading: false, retryAt: 0 };
  panel.img = h('img', { class: 'pass-image', alt: t('pass.imageAlt'), width: 200, height: 70 });
  panel.input = h('input', {
    class: 'pass-answer', type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'off',
    spellcheck: 'false', maxlength: 8, placeholder: t('pass.placeholder'),
    onkeydown: e => { if (e.key === 'Enter') { answerPass(panel); } }
  });
  panel.confirm = h('button', {
    type: 'button', class: 'small-button pass-confirm', onclick: () => answerPass(panel)
  }, t('pass.confirm'));
  panel.other = h('button', {
    type: 'button', class: 'secondary small-button pass-other', onclick: () => loadChallenge(panel)
  }, t('pass.other'));
  panel.status = h('p', { class: 'pass-status small', 'aria-live': 'polite' });
  panel.form = h('div', { class: 'pass-form' }, panel.img, h('div', { class: 'pass-row' }, panel.input,
    panel.confirm, panel.other));
  panel.el = h('div', { class: 'pass-panel', hidden: true },
    h('p', { class: 'pass-title' }, t('pass.title')), panel.form, panel.status);
  return panel;
}

/** Shows or hides the panel as the gate comes near; asks for a picture when one is needed. */
export function refreshPass(panel, gate, draw, now) {
  const near = passNear(gate, draw);
  panel.el.hidden = !near;
  if (!near) {
    return;
  }
  const held = Taps.passOf(panel.sessionId) !== undefined;
  panel.form.hidden = held;
  if (held) {
    setText(panel.status, t('pass.ready'));
    panel.status.className = 'pass-status small ok';
  } else if (!panel.img.getAttribute('src') && !panel.loading && now >= panel.retryAt) {
    loadChallenge(panel);
  }
}

export async function loadChallenge(panel) {
  panel.loading = true;
  const a = await Api.post('/reserve/challenge', { sessionId: panel.sessionId });
  panel.loading = false;
  if (a.status === 200 && a.data) {
    panel.img.src = a.data.image;
    panel.input.value = '';
    setText(panel.status, t('pass.attempts', a.data.attempts));
    panel.status.className = 'pass-status small';
    return;
  }
  panel.img.removeAttribute('src');
  panel.retryAt = performance.now() + (a.retryAfter ? a.retryAfter * 1000 : 10000);
  setText(panel.status, a.message);
  panel.status.className = 'pass-status small warn';
}

export async function answerPass(panel) {
  const answer = panel.input.value.trim();
  if (!answer) {
    panel.input.focus();
    return;
  }
  panel.confirm.disabled = true;
  const a = await Api.post('/reserve/pass', { sessionId: panel.sessionId, answer });
  panel.confirm.disabled = false;
  if (a.status === 200 && a.data) {
    panel.img.removeAttribute('src');
    Taps.holdPass(panel.sessionId, a.data.pass); // the courts screen redraws from the store
    return;
  }
  setText(panel.status, a.message);
  panel.status.className = 'pass-status small warn';
  panel.input.value = '';
  if (a.data && a.data.attemptsLeft === 0) {
    panel.img.removeAttribute('src'); // that picture is used up: the next refresh brings a new one
  }
}

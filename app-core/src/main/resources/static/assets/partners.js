/* Partners on my bookings (SPEC §17): who I named and a field to name one more, and the invitations to me; after
   each change {@code changed} runs (my bookings read again). */
import { I18N } from './i18n.js';
import { Api } from './api.js';
import { h, toast } from './page.js';
import { dayLabel, shareUsed } from './format.js';

const t = I18N.t;

/* Partners (SPEC §17): who the booker named — an id as typed, "invited" until accepted, then the name — and a
   field to name one more; the invitations to this student, to accept or decline. */
export function partnersOf(r, changed) {
  const items = (r.partners || []).map(p => h('li', { class: 'partner partner-' + p.status, 'data-partner': p.id },
    p.status === 'ACCEPTED' ? t('partners.accepted', p.name) : t('partners.invited', p.studentId),
    h('button', { type: 'button', class: 'small-button secondary', 'aria-label': t('partners.remove', p.name || p.studentId),
      onclick: () => withdrawPartner(r, p, changed) }, '×')));
  const input = h('input', { name: 'partner', maxlength: 32, autocapitalize: 'off', spellcheck: 'false',
    placeholder: t('partners.placeholder'), 'aria-label': t('partners.placeholder') });
  const form = h('form', { class: 'partner-form', onsubmit: event => namePartner(event, r, input, changed) },
    input, h('button', { type: 'submit', class: 'small-button secondary' }, t('partners.add')));
  return h('div', { class: 'partners' }, h('p', { class: 'muted small' }, t('partners.title')),
    items.length ? h('ul', {}, items) : null, form);
}

async function namePartner(event, r, input, changed) {
  event.preventDefault();
  const studentId = input.value.trim();
  if (!studentId) {
    return;
  }
  const a = await Api.post('/reservations/' + r.reservationId + '/partners', { studentId });
  if (a.status === 200) {
    toast(t('partners.named', studentId));
    await changed();
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

async function withdrawPartner(r, p, changed) {
  const a = await Api.del('/reservations/' + r.reservationId + '/partners/' + p.id);
  if (a.status === 200) {
    await changed();
  } else if (a.status !== 401) {
    toast(a.message);
  }
}

/** An invitation to be a partner on another student's booking, to accept or decline. */
export function invitationCard(i, changed) {
  return h('article', { class: 'booking invitation', 'data-invitation': i.id },
    h('div', { class: 'booking-head' },
      h('strong', { class: 'court-name' }, i.courtName),
      h('span', { class: 'badge' }, t('partners.asked'))),
    h('p', { class: 'when' }, dayLabel(i.slotDate) + ' ' + i.startTime + '–' + i.endTime),
    h('p', {}, t('partners.invitation', i.bookerName)),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', onclick: () => answer(i, 'accept', changed) }, t('partners.accept')),
      h('button', { type: 'button', class: 'secondary', onclick: () => answer(i, 'decline', changed) }, t('partners.decline'))));
}

async function answer(i, how, changed) {
  const a = await Api.post('/reservations/invitations/' + i.id + '/' + how);
  if (a.status === 200) {
    toast(t(how === 'accept' ? 'partners.acceptedToast' : 'partners.declinedToast'));
  } else if (a.status !== 401) {
    toast(a.code === 'SHARE_USED' ? shareUsed(a.data) : a.message);
  }
  await changed();
}

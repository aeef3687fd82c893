/* CourtRush students' page — a fair draw checked in the browser from its published record (SPEC §13), by the
   arithmetic docs/fair-draw.md gives and the engine's lua/draw.lua and DrawReplay follow:
   - the commitment published at warm-up = SHA-256 of the secret's text (its 32 hex characters);
   - each entry a line "id wanted held taken expired"; the lines sorted by id, joined by "\n": their SHA-1 is
     the digest the draw was made on;
   - each entry's key = SHA-1("<secret>:<digest>:<id>"); the entries in key order (then id);
   - in that order each entry not expired, holding fewer than the limit, takes the first slot it wanted with a
     place left that it does not hold (none when the opening had not opened).
   Pure: it answers what held and what did not; draw.js puts it in words. */
import { sha1Hex, sha256Hex } from './sha.js';

const HEX = /^[0-9a-f]+$/;

/** An entry as the draw digests it: "id wanted held taken expired". */
export function entryLine(entry) {
  return entry.id + ' ' + entry.wants.join(',') + ' ' + entry.held + ' '
    + (entry.taken.length ? entry.taken.join(',') : '-') + ' ' + (entry.expired ? '1' : '0');
}

const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const isText = (v) => typeof v === 'string';
const isCount = (v) => Number.isInteger(v) && v >= 0;

/** The first part of the record that is missing or not of its kind (a field's name), or null. */
export function malformed(record) {
  if (!record || typeof record !== 'object') {
    return 'record';
  }
  // version 1 is the only format these rules check (docs/fair-draw.md)
  const fields = [['version', v => v === 1], ['secret', isText], ['commitment', isText], ['open', v => typeof v === 'boolean'],
    ['limit', isCount], ['places', v => v && typeof v === 'object' && !Array.isArray(v)
      && Object.values(v).every(isCount)],
    ['entries', Array.isArray], ['winners', Array.isArray]];
  for (const [name, ok] of fields) {
    if (!ok(record[name])) {
      return name;
    }
  }
  for (const e of record.entries) {
    if (!e || !isText(e.id) || !Array.isArray(e.wants) || !e.wants.every(isText) || !isCount(e.held)
        || !Array.isArray(e.taken) || !e.taken.every(isText) || typeof e.expired !== 'boolean') {
      return 'entries';
    }
  }
  if (!record.winners.every(w => w && isText(w.id) && isText(w.slot))) {
    return 'winners';
  }
  return null;
}

/**
 * Re-runs a draw from {@code published} (GET /draws/{id}'s data: {sessionId, commitment, drawnTime, record}).
 * {@code warmUpCommitment}: the commitment this page saw before the draw (/slots), else the one published
 * beside the record. Answers
 * {holds, problems: [{kind, ...}], order: [entry ids in the draw's order], winners: [{id, slot}] re-drawn}.
 * A problem's kind: 'shape' (field), 'commitment' (ofSecret, published), 'recordCommitment' (inRecord,
 * published), 'digest' (computed, published), 'count' (computed, published), 'winner' (place, computed,
 * published: {id, slot} or null).
 */
export async function checkDraw(published, warmUpCommitment, useWebCrypto) {
  const record = published && published.record;
  const wrong = malformed(record);
  if (wrong) {
    return { holds: false, problems: [{ kind: 'shape', field: wrong }], order: [], winners: [] };
  }
  const problems = [];
  const committed = (warmUpCommitment || published.commitment || '').toLowerCase();
  const ofSecret = await sha256Hex(record.secret, useWebCrypto);
  if (ofSecret !== committed) {
    problems.push({ kind: 'commitment', ofSecret, published: committed });
  }
  if (record.commitment.toLowerCase() !== committed) {
    problems.push({ kind: 'recordCommitment', inRecord: record.commitment, published: committed });
  }

  const sorted = [...record.entries].sort((a, b) => byText(a.id, b.id));
  const digest = await sha1Hex(sorted.map(entryLine).join('\n'), useWebCrypto);
  if (!isText(record.digest) || !HEX.test(record.digest) || digest !== record.digest.toLowerCase()) {
    problems.push({ kind: 'digest', computed: digest, published: String(record.digest ?? '') });
  }
  const keys = await Promise.all(record.entries.map(e => sha1Hex(record.secret + ':' + digest + ':' + e.id,
    useWebCrypto)));
  const keyOf = new Map(record.entries.map((e, i) => [e, keys[i]]));
  const order = [...record.entries].sort((a, b) => byText(keyOf.get(a), keyOf.get(b)) || byText(a.id, b.id));

  const left = new Map(Object.entries(record.places));
  const winners = [];
  for (const entry of order) {
    if (entry.expired || !record.open || entry.held >= record.limit) {
      continue;
    }
    const slot = entry.wants.find(s => left.has(s) && left.get(s) > 0 && !entry.taken.includes(s));
    if (slot !== undefined) {
      left.set(slot, left.get(slot) - 1);
      winners.push({ id: entry.id, slot });
    }
  }
  if (winners.length !== record.winners.length) {
    problems.push({ kind: 'count', computed: winners.length, published: record.winners.length });
  }
  const places = Math.max(winners.length, record.winners.length);
  for (let i = 0; i < places; i++) {
    const a = winners[i] || null;
    const b = record.winners[i] || null;
    if (!a || !b || a.id !== b.id || a.slot !== b.slot) {
      problems.push({ kind: 'winner', place: i + 1, computed: a, published: b });
      break; // the first difference: the ones after it follow from it
    }
  }
  return { holds: problems.length === 0, problems, order: order.map(e => e.id), winners };
}

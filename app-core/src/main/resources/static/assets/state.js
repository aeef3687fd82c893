/* What the students' page knows and shows now: one object that every part of the page reads and
   changes (app.js owns the flow; bookings.js, sheets.js and account.js their parts of it). */

export const state = {
  view: null,
  date: null,            // YYYY-MM-DD on screen
  calendar: null,        // GET /calendar: {today, zone, openings}
  calendarAt: -Infinity,
  openings: [],          // GET /slots of state.date
  gates: new Map(),      // sessionId -> {at: performance.now() when the gate opens, or null; rtt; sampled}
  mine: [],              // GET /reservations/mine
  mineAt: 0,
  standing: null,
  invitations: [],        // GET /reservations/invitations: bookings I was named on, waiting for my answer
  waits: [],              // GET /reservations/waits: my places in waitlists and the places offered to me
  offerTimer: null,        // GET /reservations/standing: strikes and the block they made (SPEC §16)
  sending: new Set(),    // slot ids whose POST /reserve/ is on its way: their buttons wait
  waitUntil: 0,          // performance.now() before which reserve buttons wait (Retry-After)
  queued: new Set(),     // slot ids whose grant is being confirmed
  notes: new Map(),      // slotId -> {kind, text(), alternatives, action}
  rows: new Map(),       // slotId -> rendered row
  heads: new Map(),      // sessionId -> rendered gate (and booking-pass panel)
  passes: new Map(),     // sessionId -> booking pass held for the next tap (memory only)
  draws: new Map(),      // sessionId -> performance.now() when its fair draw's window closes
  wishes: new Map(),     // sessionId -> slot ids marked "also OK" for its draw entry, in order (2 at most)
  entries: new Map(),    // sessionId -> traceId of this student's draw entry, until its result
  reminders: new Set(),  // GET /notices/reminders: sessionIds the student is reminded of before their flash time
  structure: '',
  slotsTimer: null,
  slotsFailures: 0,      // /slots answers missed in a row: the refresh backs off while the engine is away
  unreachable: false,    // the last call found no engine (network down, engine stopped): the banner shows
  ticker: null,
  sheetCleanup: null,
  paying: false,         // a POST /pay/wechat on its way: a second tap opens nothing
  epoch: 0,              // a new sign-in starts a new epoch; answers for an earlier one are dropped
  mineSeq: 0             // the newest /reservations/mine asked for; older answers are dropped
};

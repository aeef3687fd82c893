/* The page's own state: which view is on screen, the sign-in epoch (a new sign-in starts a new one; answers
   for an earlier one are dropped) and whether the engine was reached by the last call. */
import { createStore } from './store.js';

const store = createStore({ view: null, epoch: 0, unreachable: false });

export const page = store.state;
export const subscribe = store.subscribe;

export function showView(view) {
  store.change({ view });
}

/** What belonged to the student who was signed in is dropped: late answers for them are ignored. */
export function nextEpoch() {
  store.change({ epoch: page.epoch + 1 });
}

export function setReached(reached) {
  store.change({ unreachable: !reached });
}

/* A store: a few fields that one module owns. Everyone reads them (`state`, which refuses writes); only the
   module that made the store changes them, through the functions it exports, and whoever subscribed hears of
   each change — with the names of the fields that changed — synchronously, in the order they subscribed. */

export function createStore(fields) {
  const data = Object.assign({}, fields);
  const listeners = [];
  const state = new Proxy(data, {
    set(target, key) {
      throw new TypeError(`"${String(key)}" belongs to its store: change it through the store's functions`);
    },
    deleteProperty(target, key) {
      throw new TypeError(`"${String(key)}" belongs to its store: change it through the store's functions`);
    }
  });
  return {
    state,
    /** Takes the fields of {@code patch} (none: the fields' contents changed) and tells every subscriber. */
    change(patch) {
      Object.assign(data, patch || {});
      const changed = Object.keys(patch || {});
      for (const listener of listeners.slice()) {
        listener(state, changed);
      }
    },
    /** Calls {@code listener(state, changedFieldNames)} after each change; answers a function that stops it. */
    subscribe(listener) {
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) {
          listeners.splice(at, 1);
        }
      };
    }
  };
}

/* The few checks the page's unit tests need; a failed one throws with what was expected and found. */

export function equal(actual, expected, what) {
  if (!Object.is(actual, expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, was ${JSON.stringify(actual)}`);
  }
}

export function same(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) {
    throw new Error(`${what}: expected ${e}, was ${a}`);
  }
}

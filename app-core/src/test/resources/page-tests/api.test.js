/* Talking to the engine: which answers mean the engine was not reached. */
import { unreached } from '/assets/api.js';
import { equal } from './assert.js';

export default {
  'the network failing or a proxy that could not reach the engine is "unreached"; the engine busy is not'() {
    equal(unreached(0), true, 'network error');
    equal(unreached(502), true, 'bad gateway');
    equal(unreached(504), true, 'gateway timeout');
    equal(unreached(503), false, 'the engine itself, busy');
    equal(unreached(200), false, 'an answer');
  }
};

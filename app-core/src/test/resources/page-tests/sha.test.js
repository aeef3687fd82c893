/* The page's own SHA-256 and SHA-1 (sha.js), used where the browser offers no Web Crypto (a plain-http campus
   address): FIPS 180-2's example vectors, the padding's edges, UTF-8, and the same answers as Web Crypto. */
import { sha256Bytes, sha1Bytes, sha256Hex, sha1Hex, utf8, webCrypto } from '/assets/sha.js';
import { equal } from './assert.js';

const ABC448 = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
const ABC896 = 'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrst'
  + 'nopqrstu';

export default {
  'SHA-256 of the standard vectors'() {
    equal(sha256Bytes(utf8('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', '"abc"');
    equal(sha256Bytes(utf8('')), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'empty');
    equal(sha256Bytes(utf8(ABC448)), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1', '448 bits');
    equal(sha256Bytes(utf8(ABC896)), 'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1', '896 bits');
    equal(sha256Bytes(utf8('a'.repeat(1000000))),
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0', 'a million "a"');
  },

  'SHA-1 of the standard vectors'() {
    equal(sha1Bytes(utf8('abc')), 'a9993e364706816aba3e25717850c26c9cd0d89d', '"abc"');
    equal(sha1Bytes(utf8('')), 'da39a3ee5e6b4b0d3255bfef95601890afd80709', 'empty');
    equal(sha1Bytes(utf8(ABC448)), '84983e441c3bd26ebaae4aa1f95129e5e54670f1', '448 bits');
    equal(sha1Bytes(utf8(ABC896)), 'a49b2446a02c645bf419f995b67091253a04a259', '896 bits');
    equal(sha1Bytes(utf8('a'.repeat(1000000))), '34aa973cd4c4daa4f61eeb2bdbad27316534016f', 'a million "a"');
  },

  'a text is hashed as its UTF-8 bytes'() {
    equal(sha256Bytes(utf8('场地')), sha256Bytes(new Uint8Array([0xe5, 0x9c, 0xba, 0xe5, 0x9c, 0xb0])), 'two characters');
    equal(sha1Bytes(utf8('entrant:7:101')), '89d376acd54fc9b5b23f65a9733b0ef32f2bec1a', 'a pseudonym (docs/fair-draw.md)');
  },

  async 'the fallback answers as Web Crypto at every length across the padding\'s edges'() {
    equal(webCrypto(), true, 'these tests run on 127.0.0.1, a secure context: Web Crypto is there to compare with');
    for (let n = 0; n <= 200; n++) {
      const text = 'x'.repeat(n) + (n % 3 === 0 ? '抽' : '');
      equal(await sha256Hex(text, false), await sha256Hex(text, true), 'SHA-256 of ' + n + ' characters');
      equal(await sha1Hex(text, false), await sha1Hex(text, true), 'SHA-1 of ' + n + ' characters');
    }
  }
};

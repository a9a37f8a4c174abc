import { RANDOM_ID_LENGTH } from "../constants.js";
import { AppError, ErrorCode } from "../errors.js";

/** The 52 letters an id is made of: `A`–`Z` then `a`–`z`. */
export const RANDOM_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A source of uniformly random bytes: returns `length` bytes (values 0–255).
 * Injected in tests; the default uses `globalThis.crypto.getRandomValues`.
 */
export type RandomBytes = (length: number) => Uint8Array;

/** Random bytes from the Web Crypto API (available in Node ≥ 19 and every browser). */
export const cryptoRandomBytes: RandomBytes = (length) =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));

// 256 = 4 × 52 + 48: bytes ≥ 208 are rejected so that every letter has exactly 4 of the 208
// accepted byte values (plain `byte % 52` would favour the first 48 letters).
const ACCEPT_BELOW = Math.floor(256 / RANDOM_ID_ALPHABET.length) * RANDOM_ID_ALPHABET.length;
// A fair source almost never yields 20 rejections in a row ((48/256)^20 ≈ 3e-15 per round);
// this many empty rounds means the source is broken.
const MAX_EMPTY_ROUNDS = 64;

/**
 * Makes a random id of {@link RANDOM_ID_LENGTH} (20) ASCII letters `[A-Za-z]`, each letter
 * uniformly distributed (rejection sampling, no modulo bias): about 114 bits of entropy.
 *
 * Bytes are requested only as needed (never more than the letters still missing), so a
 * deterministic source in a test maps to a predictable id.
 *
 * @param random - source of random bytes; defaults to {@link cryptoRandomBytes}
 * @throws AppError `INTERNAL` when the source returns 64 rounds in a row
 *   without a usable byte (an empty or stuck source)
 */
export function randomId(random: RandomBytes = cryptoRandomBytes): string {
  let id = "";
  let emptyRounds = 0;
  while (id.length < RANDOM_ID_LENGTH) {
    const before = id.length;
    for (const byte of random(RANDOM_ID_LENGTH - id.length)) {
      if (byte < ACCEPT_BELOW) id += RANDOM_ID_ALPHABET.charAt(byte % RANDOM_ID_ALPHABET.length);
      if (id.length === RANDOM_ID_LENGTH) break;
    }
    emptyRounds = id.length === before ? emptyRounds + 1 : 0;
    if (emptyRounds >= MAX_EMPTY_ROUNDS) {
      throw new AppError(ErrorCode.INTERNAL, "Random source yields no usable bytes");
    }
  }
  return id;
}

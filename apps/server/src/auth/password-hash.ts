import { type Algorithm, hash, verify } from "@node-rs/argon2";

// `Algorithm` is a const enum in the package's typings and has no runtime value under
// isolatedModules, so its member is spelled out: Argon2id = 2.
const ARGON2ID = 2 as Algorithm;

/**
 * Argon2id with OWASP's minimum profile: 19 MiB of memory, 2 passes, 1 lane. Stored as a PHC
 * string (`$argon2id$v=19$m=19456,t=2,p=1$…`), so the parameters can be raised later and old
 * hashes still verify.
 */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False (never a throw) for a malformed or foreign hash, so a bad row reads as a wrong password. */
export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { ADMIN_PLAN, ANONYMOUS_EMAIL, DEFAULT_LANGUAGE, defaultCountryCode } from "../constants.js";
import { countryCodeSchema, languageSchema } from "../constants.schema.js";

/**
 * A user record, keyed by id (PRODUCT.md › Users).
 *
 * Required: `id`, `email` (the literal `Anonymous` for anonymous users, so not checked as an
 * address), `name`, `createdAt` (epoch ms). Defaults: `plan` `''` (`ADMIN` for admins), `lang`
 * `'ko'`, `countryCode` from `lang` (`KR` for `ko`, else `GL`, see `defaultCountryCode`),
 * `deviceInfo` `''`, `signInMethod` `''` (provider id of the first linked provider; older
 * records may lack it). Unknown keys are dropped.
 */
export const userSchema = z
  .object({
    id: z.string().min(1),
    email: z.string(),
    name: z.string(),
    plan: z.string().default(""),
    countryCode: countryCodeSchema.optional(),
    lang: languageSchema.default(DEFAULT_LANGUAGE),
    deviceInfo: z.string().default(""),
    signInMethod: z.string().default(""),
    createdAt: epochMsSchema,
  })
  .transform((user) => ({
    ...user,
    countryCode: user.countryCode ?? defaultCountryCode(user.lang),
  }));

/** A user record; see {@link userSchema}. */
export type User = z.infer<typeof userSchema>;

/** The smaller form of a user (PRODUCT.md › Users): id, name and interface language. */
export const userSummarySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  lang: languageSchema.default(DEFAULT_LANGUAGE),
});

/** The smaller form of a user; see {@link userSummarySchema}. */
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * True for the e-mail of an anonymous user: exactly the literal `Anonymous`
 * (PRODUCT.md › Anonymous use; case-sensitive, as stored by the sign-in code).
 */
export function isAnonymousEmail(email: string | null | undefined): boolean {
  return email === ANONYMOUS_EMAIL;
}

/** How admin rights are decided outside the user record (from configuration). */
export interface AdminPolicy {
  /**
   * The one owner address that is always admin (PRODUCT.md › Admins); empty or absent means none.
   */
  ownerEmail?: string | null;
  /** Dev mode makes every signed-in user an admin (PRODUCT.md › Admins). */
  isDevMode: boolean;
}

/**
 * True when a user has admin rights (PRODUCT.md › Admins): the e-mail equals the owner address
 * (ignoring case and surrounding spaces), or the plan is `ADMIN`, or dev mode is on.
 *
 * @param user - the user's e-mail and plan
 * @param policy - the owner address and dev-mode flag from configuration
 */
export function isAdmin(
  user: { email: string | null | undefined; plan: string | null | undefined },
  policy: AdminPolicy,
): boolean {
  if (policy.isDevMode || user.plan === ADMIN_PLAN) return true;
  const owner = policy.ownerEmail?.trim().toLowerCase() ?? "";
  const email = user.email?.trim().toLowerCase() ?? "";
  return owner !== "" && email === owner;
}

/**
 * The two fixed admin identities of dev mode (PRODUCT.md › Admins: ids `ADMIN0` and `ADMIN1`, plan
 * `ADMIN`, Korean). Frozen; `createdAt` is `0`.
 */
export const DEV_ADMIN_IDENTITIES: readonly Readonly<User>[] = Object.freeze(
  [0, 1].map((n) =>
    Object.freeze(
      userSchema.parse({
        id: `ADMIN${n}`,
        email: `admin${n}@mnemo.dev`,
        name: `Admin ${n}`,
        plan: ADMIN_PLAN,
        lang: "ko",
        countryCode: "KR",
        signInMethod: "email",
        createdAt: 0,
      }),
    ),
  ),
);

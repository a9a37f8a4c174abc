import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { countryCodeSchema, languageSchema } from "../constants.schema.js";
import { reminderSettingsSchema } from "../user/reminder.schema.js";

// Request shapes of the account routes: /api/me and the e-mail/password routes under /api/auth
// as the server accepts them.

/**
 * PATCH /api/me: any subset of the editable fields of the user record (PRODUCT.md › Users), at
 * least one.
 */
export const updateMeInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    /** The profile photo (PRODUCT.md › Users); null removes it. */
    photoUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable()
      .optional(),
    lang: languageSchema.optional(),
    countryCode: countryCodeSchema.optional(),
    deviceInfo: z.string().max(2000).optional(),
    /** The daily reminder (PRODUCT.md › Daily reminders), replaced whole. */
    reminder: reminderSettingsSchema.optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "give at least one field to change",
  });

export type UpdateMeInput = z.infer<typeof updateMeInputSchema>;

/** POST /api/auth/sign-up/email as we accept it (better-auth's own fields plus `lang`). */
export const signUpInputSchema = z.object({
  email: z.string().trim().toLowerCase(),
  password: z.string(),
  name: z.string().trim().max(100).optional(),
  lang: languageSchema.optional(),
  callbackURL: z.string().optional(),
});

/** POST /api/auth/sign-in/email. */
export const signInInputSchema = z.object({
  email: z.string().trim().toLowerCase(),
  password: z.string(),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

/**
 * POST /api/auth/change-email: the current password re-authenticates
 * (PRODUCT.md › Account settings).
 */
export const changeEmailInputSchema = z.object({
  newEmail: z.string().trim().toLowerCase(),
  currentPassword: z.string(),
  callbackURL: z.string().optional(),
});

/** POST /api/dev/sign-in (MNEMO_DEV=1 only). */
export const devSignInInputSchema = z.object({ id: z.enum(["ADMIN0", "ADMIN1"]) });

/**
 * Answer of `GET /api/me` and `PATCH /api/me`: the user record (`photoUrl` `null` without a
 * photo, `createdAt` epoch ms, `reminder` `null` until the user first saves reminder settings)
 * and what the session says of it.
 */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    plan: z.string(),
    countryCode: countryCodeSchema,
    lang: languageSchema,
    deviceInfo: z.string(),
    signInMethod: z.string(),
    createdAt: epochMsSchema,
    reminder: reminderSettingsSchema.nullable(),
  }),
  isAnonymous: z.boolean(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Answer of `GET /api/auth-providers`: which external sign-in providers this server offers. */
export const authProvidersResponseSchema = z.object({ google: z.boolean(), apple: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/**
 * What the sign-in, sign-up and password routes answer on success (better-auth's answer, which
 * may carry more fields): the session token (`null` when no session starts, e.g. a sign-up that
 * must verify its e-mail first) and the account.
 */
export const authSessionResponseSchema = z.looseObject({
  token: z.string().nullable(),
  user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }),
});
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

/** Answer of `POST /api/auth/change-email`: the link to the new address is on its way. */
export const changeEmailResponseSchema = z.looseObject({ status: z.boolean() });

/**
 * `POST /api/auth/change-password` as better-auth takes it; the server always ends the other
 * sessions, whatever `revokeOtherSessions` says.
 */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  revokeOtherSessions: z.boolean().optional(),
});

/**
 * `POST /api/auth/delete-user` body: the password for an e-mail account (checked within the
 * per-account limit); a fresh session suffices otherwise.
 */
export const deleteAccountInputSchema = z.object({ password: z.string().optional() });
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

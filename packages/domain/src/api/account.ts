import { z } from "zod";
import { countryCodeSchema, languageSchema } from "../constants.js";

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

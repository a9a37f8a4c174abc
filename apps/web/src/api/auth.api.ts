import type { Language } from "@mnemo/domain";
import { api, query } from "./client";

// The e-mail/password and account calls of better-auth as our server exposes them under
// /api/auth. Each rejects with an ApiError whose code is one of the AUTH_* codes.

/**
 * Where e-mailed links come back to. Root-relative on purpose: better-auth redirects to it from
 * the link's own origin (the server's public URL, which serves this app), so the link also
 * works when the request came from a native shell or a dev server on another origin.
 */
function verifiedUrl(email: string): string {
  return `/verify-email${query({ verified: 1, email })}`;
}

/** What better-auth answers a successful sign-in with (anonymous sign-in too). */
export interface SignInResult {
  token: string | null;
  user: { id: string; email: string; name: string };
}

export const authApi = {
  signIn: (email: string, password: string) =>
    api<SignInResult>("POST", "/api/auth/sign-in/email", { email, password, rememberMe: true }),
  /** Creates the account (or converts the anonymous caller) and mails a verification link. */
  signUp: (input: { email: string; password: string; name?: string; lang: Language }) =>
    api<SignInResult>("POST", "/api/auth/sign-up/email", {
      ...input,
      callbackURL: verifiedUrl(input.email.trim().toLowerCase()),
    }),
  /** `lang` becomes the new user record's language, as with sign-up. */
  signInAnonymously: (lang: Language) =>
    api<SignInResult>("POST", "/api/auth/sign-in/anonymous", { lang }),
  /**
   * Ends the session; the server deletes an anonymous account with it (PRODUCT.md › Anonymous use).
   */
  signOut: () => api<unknown>("POST", "/api/auth/sign-out", {}),
  /** Mails a fresh link; answers alike for unknown or already verified addresses. */
  sendVerificationEmail: (email: string) =>
    api<unknown>("POST", "/api/auth/send-verification-email", {
      email,
      callbackURL: verifiedUrl(email.trim().toLowerCase()),
    }),
  /**
   * Mails a reset link if an account has this address (and answers alike when none does). The
   * server writes the link itself as <public URL>/find-account?token=…, so `redirectTo` only
   * matters to better-auth's own /reset-password/<token> route.
   */
  requestPasswordReset: (email: string) =>
    api<unknown>("POST", "/api/auth/request-password-reset", {
      email,
      redirectTo: "/find-account",
    }),
  resetPassword: (token: string, newPassword: string) =>
    api<unknown>("POST", "/api/auth/reset-password", { token, newPassword }),
  /** Keeps this session and ends every other one. */
  changePassword: (currentPassword: string, newPassword: string) =>
    api<unknown>("POST", "/api/auth/change-password", { currentPassword, newPassword }),
  /** Mails a link to the new address; the e-mail changes when it is followed. */
  changeEmail: (newEmail: string, currentPassword: string) =>
    api<unknown>("POST", "/api/auth/change-email", {
      newEmail,
      currentPassword,
      callbackURL: "/account-settings?emailChanged=1",
    }),
  deleteAccount: (password?: string) =>
    api<unknown>("POST", "/api/auth/delete-user", password ? { password } : {}),
  devSignIn: (id: "ADMIN0" | "ADMIN1") => api<unknown>("POST", "/api/dev/sign-in", { id }),
  socialSignIn: (provider: "google" | "apple") =>
    api<{ url?: string; redirect?: boolean }>("POST", "/api/auth/sign-in/social", {
      provider,
      callbackURL: "/home",
    }),
};

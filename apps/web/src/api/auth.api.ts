import type { Language } from "@mnemo/domain";
import { api } from "./client";

// The e-mail/password and account calls of better-auth as our server exposes them under
// /api/auth. Each rejects with an ApiError whose code is one of the AUTH_* codes.

/** Where e-mailed links come back to: the app's own screens. */
function appUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export const authApi = {
  signIn: (email: string, password: string) =>
    api<unknown>("POST", "/api/auth/sign-in/email", { email, password, rememberMe: true }),
  signUp: (input: { email: string; password: string; name?: string; lang: Language }) =>
    api<unknown>("POST", "/api/auth/sign-up/email", {
      ...input,
      callbackURL: appUrl("/verify-email?verified=1"),
    }),
  signInAnonymously: () => api<unknown>("POST", "/api/auth/sign-in/anonymous", {}),
  signOut: () => api<unknown>("POST", "/api/auth/sign-out", {}),
  sendVerificationEmail: (email: string) =>
    api<unknown>("POST", "/api/auth/send-verification-email", {
      email,
      callbackURL: appUrl("/verify-email?verified=1"),
    }),
  requestPasswordReset: (email: string) =>
    api<unknown>("POST", "/api/auth/request-password-reset", {
      email,
      redirectTo: appUrl("/find-account"),
    }),
  resetPassword: (token: string, newPassword: string) =>
    api<unknown>("POST", "/api/auth/reset-password", { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<unknown>("POST", "/api/auth/change-password", { currentPassword, newPassword }),
  changeEmail: (newEmail: string, currentPassword: string) =>
    api<unknown>("POST", "/api/auth/change-email", {
      newEmail,
      currentPassword,
      callbackURL: appUrl("/account-settings"),
    }),
  deleteAccount: (password?: string) =>
    api<unknown>("POST", "/api/auth/delete-user", password ? { password } : {}),
  devSignIn: (id: "ADMIN0" | "ADMIN1") => api<unknown>("POST", "/api/dev/sign-in", { id }),
  socialSignIn: (provider: "google" | "apple") =>
    api<{ url?: string }>("POST", "/api/auth/sign-in/social", {
      provider,
      callbackURL: appUrl("/home"),
    }),
};

import { DEFAULT_LANGUAGE, ErrorCode } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { authApi } from "../../api/auth.api";
import { errorCodeOf, query } from "../../api/client";
import { useAuthProviders } from "../../api/me.queries";
import { isLanguage } from "../../i18n/i18n";
import { withLoading } from "../../overlays/loading";
import { useOptionalMe } from "../../session/me-context";
import { homePath } from "../../session/session";
import { EmailField, Field } from "../../ui/Field";
import { Page } from "../../ui/Page";
import { refreshMe, showSignInError } from "./auth-session";
import { AuthLayout } from "./auth-ui";
import { AppleIcon, GoogleIcon } from "./provider-icons";

/**
 * E-mail sign-in (PRODUCT.md › Sign-in): under a loading indicator; an unverified address goes to
 * verify-email, a success to home with the user's id. Also external providers (when the server has
 * them) and "start without an account" (anonymous sign-in).
 */
export function LoginScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useOptionalMe();
  const providers = useAuthProviders();
  const stateEmail = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(
    params.get("email") ?? (typeof stateEmail === "string" ? stateEmail : ""),
  );
  const [password, setPassword] = useState("");
  const [isBusy, setBusy] = useState(false);

  const goHome = (userId: string) => navigate(homePath(userId), { replace: true });

  /**
   * Runs a sign-in under the loading indicator, then reads the user; the start-up gate takes a
   * newly known user from this screen to home (one place decides where a user lands).
   */
  const run = async (work: () => Promise<unknown>, loadingText: string) => {
    if (isBusy) return;
    setBusy(true);
    try {
      await withLoading(async () => {
        await work();
        return refreshMe(client);
      }, loadingText);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === ErrorCode.AUTH_EMAIL_NOT_VERIFIED) {
        navigate(`/verify-email${query({ email: email.trim().toLowerCase() })}`);
      } else if (code !== ErrorCode.AUTH_HAS_NOT_USER_INFORMATION) {
        // A session without a user record is the start-up gate's alert (PRODUCT.md › Start-up).
        await showSignInError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run(() => authApi.signIn(email.trim(), password), t("auth.login.signingIn"));
  };

  const startAnonymously = () => {
    // Already in a session (e.g. anonymous): better-auth refuses a second anonymous sign-in.
    if (me) return goHome(me.user.id);
    const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
    void run(() => authApi.signInAnonymously(lang), t("auth.login.startingAnonymously"));
  };

  const signInWith = async (provider: "google" | "apple") => {
    try {
      const { url } = await withLoading(() => authApi.socialSignIn(provider));
      if (url) window.location.assign(url);
    } catch (error) {
      await showSignInError(error);
    }
  };

  return (
    <Page title={t("auth.login.title")}>
      <AuthLayout
        footer={
          <p>
            {t("auth.login.noAccount")}{" "}
            <Link to="/signup" className="auth-link-strong">
              {t("auth.login.signup")}
            </Link>
          </p>
        }
      >
        <h2 className="auth-card-title">{t("auth.login.heading")}</h2>
        <form onSubmit={signIn} noValidate>
          <EmailField
            label={t("auth.fields.email")}
            autoComplete="username"
            placeholder={t("auth.fields.emailPlaceholder")}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            label={t("auth.fields.password")}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="submit"
            className="button button-block"
            disabled={isBusy || email.trim() === "" || password === ""}
          >
            {t("auth.login.submit")}
          </button>
        </form>
        <p className="auth-forgot">
          <Link to={`/find-account${query({ email: email.trim() || undefined })}`}>
            {t("auth.login.forgot")}
          </Link>
        </p>
        <div className="auth-divider" aria-hidden="true">
          <span>{t("auth.login.or")}</span>
        </div>
        <div className="auth-alternatives">
          {providers.data?.google && (
            <button
              type="button"
              className="button button-block auth-provider"
              onClick={() => void signInWith("google")}
            >
              <GoogleIcon />
              {t("auth.login.google")}
            </button>
          )}
          {providers.data?.apple && (
            <button
              type="button"
              className="button button-block auth-provider auth-provider-apple"
              onClick={() => void signInWith("apple")}
            >
              <AppleIcon />
              {t("auth.login.apple")}
            </button>
          )}
          <button
            type="button"
            className="button button-block button-secondary"
            disabled={isBusy}
            onClick={startAnonymously}
          >
            {t("auth.login.anonymous")}
          </button>
          <p className="auth-note">{t("auth.login.anonymousHint")}</p>
        </div>
      </AuthLayout>
    </Page>
  );
}

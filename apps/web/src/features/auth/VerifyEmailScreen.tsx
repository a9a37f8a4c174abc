import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authApi } from "../../api/auth.api";
import { query } from "../../api/client";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { useOptionalMe } from "../../session/me-context";
import { homePath } from "../../session/session";
import { EmailField } from "../../ui/Field";
import { Page } from "../../ui/Page";
import { linkErrorCode } from "./auth-session";
import { AuthLayout } from "./auth-ui";

/**
 * verify-email (PRODUCT.md › Sign-up and verification), in three states from the query string:
 * `?email=` after sign-up or an unverified sign-in (resend, then sign in); `?verified=1` when
 * better-auth's mailed link has verified the address and redirected here; `?error=` when that link
 * was invalid or expired.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useOptionalMe();
  const email = params.get("email") ?? "";
  const linkError = params.get("error");
  const isVerified = params.get("verified") === "1" && linkError === null;
  const loginPath = `/login${query({ email: email || undefined })}`;

  // Signed in when the link opens (a converted anonymous account's own browser is signed in by
  // the link; or a session was still open): home, with the news that the address is verified.
  useEffect(() => {
    if (!isVerified || !me) return;
    showToast(t("auth.verify.verifiedToast"));
    navigate(homePath(me.user.id), { replace: true });
  }, [isVerified, me, navigate, t]);

  if (isVerified) {
    return (
      <Page title={t("auth.verify.title")}>
        <AuthLayout showsTagline={false}>
          <div className="auth-status auth-status-success" aria-hidden="true">
            ✓
          </div>
          <h2 className="auth-card-title auth-center">{t("auth.verify.verifiedHeading")}</h2>
          <p className="auth-text auth-center">{t("auth.verify.verifiedMessage")}</p>
          <Link to={loginPath} className="button button-block">
            {t("auth.verify.signIn")}
          </Link>
        </AuthLayout>
      </Page>
    );
  }

  return (
    <Page title={t("auth.verify.title")} backTo="/login">
      <AuthLayout showsTagline={false}>
        {linkError !== null ? (
          <>
            <div className="auth-status auth-status-error" aria-hidden="true">
              !
            </div>
            <h2 className="auth-card-title auth-center">{t("auth.verify.failedHeading")}</h2>
            <p className="auth-text auth-center" role="alert">
              {t(`errors.${linkErrorCode(linkError)}`)}
            </p>
          </>
        ) : (
          <>
            <div className="auth-status" aria-hidden="true">
              ✉
            </div>
            <h2 className="auth-card-title auth-center">{t("auth.verify.heading")}</h2>
            {email && (
              <p className="auth-text auth-center">
                {t("auth.verify.sentTo")}
                <strong className="auth-address">{email}</strong>
              </p>
            )}
            <p className="auth-text auth-center muted">{t("auth.verify.instructions")}</p>
          </>
        )}
        <ResendForm initialEmail={email} isPrimary={linkError !== null} />
        {linkError === null && (
          <Link to={loginPath} className="button button-block">
            {t("auth.verify.continue")}
          </Link>
        )}
        <p className="auth-note auth-center">{t("auth.verify.spam")}</p>
      </AuthLayout>
    </Page>
  );
}

/** Resend the verification mail; asks for the address when the URL did not carry one. */
function ResendForm({ initialEmail, isPrimary }: { initialEmail: string; isPrimary: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [isSending, setSending] = useState(false);
  const asksForEmail = initialEmail === "";

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending || email.trim() === "") return;
    setSending(true);
    try {
      await authApi.sendVerificationEmail(email.trim());
      showToast(t("auth.verify.resent"));
    } catch (error) {
      await showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="auth-resend" onSubmit={resend} noValidate>
      {asksForEmail && (
        <EmailField
          label={t("auth.fields.email")}
          hint={t("auth.verify.noEmail")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
      <button
        type="submit"
        className={isPrimary ? "button button-block" : "button button-block button-secondary"}
        disabled={isSending || email.trim() === ""}
        aria-busy={isSending}
      >
        {isSending && <span className="spinner auth-button-spinner" aria-hidden="true" />}
        {t("auth.verify.resend")}
      </button>
    </form>
  );
}

import { ErrorCode } from "@mnemo/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authApi } from "../../api/auth.api";
import { errorCodeOf, query } from "../../api/client";
import { showAlert } from "../../overlays/alert";
import { errorMessage, showError } from "../../overlays/error-dialog";
import { withLoading } from "../../overlays/loading";
import { EmailField, Field } from "../../ui/Field";
import { Page } from "../../ui/Page";
import { linkErrorCode } from "./auth-session";
import { AuthLayout } from "./auth-ui";

/**
 * Find account = password reset by e-mail. Without a token: ask for the address and mail a
 * link (the answer never says whether an account exists). With `?token=` (the mailed link):
 * choose a new password. `?error=` is better-auth's answer to a bad link.
 */
export function FindAccountScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <Page title={t("auth.reset.title")} backTo="/login">
      <AuthLayout showsTagline={false}>
        {token ? (
          <NewPasswordForm token={token} />
        ) : (
          <RequestLinkForm
            initialEmail={params.get("email") ?? ""}
            linkError={params.get("error")}
          />
        )}
      </AuthLayout>
    </Page>
  );
}

function RequestLinkForm({
  initialEmail,
  linkError,
}: {
  initialEmail: string;
  linkError: string | null;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const request = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (address === "") return;
    try {
      await withLoading(() => authApi.requestPasswordReset(address));
      setSentTo(address);
    } catch (error) {
      // better-auth checks the address's shape itself and answers a plain validation error.
      const isBadAddress = errorCodeOf(error) === ErrorCode.VALIDATION_FAILED;
      await showError(
        error,
        isBadAddress ? { message: errorMessage(ErrorCode.AUTH_INVALID_EMAIL) } : {},
      );
    }
  };

  if (sentTo !== null) {
    return (
      <>
        <div className="auth-status" aria-hidden="true">
          ✉
        </div>
        <h2 className="auth-card-title auth-center">{t("auth.reset.sentHeading")}</h2>
        <p className="auth-text auth-center" role="status">
          <strong className="auth-address">{sentTo}</strong>
          {t("auth.reset.sentMessage")}
        </p>
        <Link to={`/login${query({ email: sentTo })}`} className="button button-block">
          {t("auth.reset.backToLogin")}
        </Link>
        <button
          type="button"
          className="text-button auth-center-button"
          onClick={() => setSentTo(null)}
        >
          {t("auth.reset.otherAddress")}
        </button>
        <p className="auth-note auth-center">{t("auth.verify.spam")}</p>
      </>
    );
  }

  return (
    <>
      <h2 className="auth-card-title">{t("auth.reset.heading")}</h2>
      {linkError !== null && (
        <p className="auth-callout auth-callout-error" role="alert">
          {t(`errors.${linkErrorCode(linkError)}`)}
        </p>
      )}
      <p className="auth-text muted">{t("auth.reset.intro")}</p>
      <form onSubmit={request} noValidate>
        <EmailField
          label={t("auth.fields.email")}
          placeholder={t("auth.fields.emailPlaceholder")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button-block" disabled={email.trim() === ""}>
          {t("auth.reset.submit")}
        </button>
      </form>
      <p className="auth-forgot">
        <Link to="/login">{t("auth.reset.backToLogin")}</Link>
      </p>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [isSubmitted, setSubmitted] = useState(false);
  const [isTokenInvalid, setTokenInvalid] = useState(false);
  const isMismatch = isSubmitted && confirmation !== password;

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (password === "" || confirmation !== password) return;
    try {
      await withLoading(() => authApi.resetPassword(token, password));
    } catch (error) {
      if (errorCodeOf(error) === ErrorCode.AUTH_INVALID_TOKEN) setTokenInvalid(true);
      await showError(error);
      return;
    }
    await showAlert(t("auth.reset.successTitle"), t("auth.reset.successMessage"));
    navigate("/login", { replace: true });
  };

  return (
    <>
      <h2 className="auth-card-title">
        {t(isTokenInvalid ? "auth.verify.failedHeading" : "auth.reset.newHeading")}
      </h2>
      {isTokenInvalid ? (
        <>
          <p className="auth-callout auth-callout-error" role="alert">
            {errorMessage(ErrorCode.AUTH_INVALID_TOKEN)}
          </p>
          <Link to="/find-account" className="button button-block">
            {t("auth.reset.requestNew")}
          </Link>
        </>
      ) : (
        <form onSubmit={reset} noValidate>
          <Field
            label={t("auth.fields.newPassword")}
            hint={t("auth.fields.passwordHint")}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field
            label={t("auth.fields.confirmPassword")}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            error={isMismatch ? t("auth.fields.mismatch") : undefined}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <button
            type="submit"
            className="button button-block"
            disabled={password === "" || confirmation === ""}
          >
            {t("auth.reset.save")}
          </button>
        </form>
      )}
    </>
  );
}

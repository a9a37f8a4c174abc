import { DEFAULT_LANGUAGE, ErrorCode } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { authApi } from "../../api/auth.api";
import { errorCodeOf, query } from "../../api/client";
import { meKeys } from "../../api/me.queries";
import { isLanguage } from "../../i18n/i18n";
import { showAlert } from "../../overlays/alert";
import { withLoading } from "../../overlays/loading";
import { useOptionalMe } from "../../session/me-context";
import { isAnonymousUser } from "../../session/session";
import { EmailField, Field } from "../../ui/Field";
import { Page } from "../../ui/Page";
import { showSignUpError } from "./auth-session";
import { AuthLayout } from "./auth-ui";

/**
 * Sign-up (PRODUCT.md › Sign-up and verification): creates the account in the interface language;
 * then the signup-success and verify-email alerts and the verify-email screen. An anonymous
 * caller's account becomes this one (the server keeps its data and ends the session, since the
 * address must be verified).
 */
export function SignupScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useOptionalMe();
  const isConverting = me !== null && isAnonymousUser(me);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [isBusy, setBusy] = useState(false);

  const signUp = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    const address = email.trim().toLowerCase();
    let hasMailFailed = false;
    try {
      await withLoading(
        () =>
          authApi.signUp({
            email: address,
            password,
            ...(name.trim() && { name: name.trim() }),
            lang: isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
          }),
        t("auth.signup.signingUp"),
      );
    } catch (error) {
      setBusy(false);
      await showSignUpError(error);
      // The account exists but its mail did not go out: the verify-email screen resends it.
      if (errorCodeOf(error) !== ErrorCode.MAIL_NOT_SENT) return;
      hasMailFailed = true;
    }
    if (!hasMailFailed) {
      await showAlert(t("auth.signup.successTitle"), t("auth.signup.successMessage"));
      await showAlert(
        t("auth.signup.verifyTitle"),
        t("auth.signup.verifyMessage", { email: address }),
      );
    }
    if (isConverting) {
      // The converted session was ended by the server: the shell goes to its signed-out form.
      client.removeQueries({ predicate: (cached) => cached.queryKey[0] !== meKeys.all[0] });
      client.setQueryData(meKeys.all, null);
    }
    navigate(`/verify-email${query({ email: address })}`, { replace: true });
  };

  return (
    <Page title={t("auth.signup.title")} backTo={isConverting ? "/account-settings" : "/login"}>
      <AuthLayout
        showsTagline={!isConverting}
        footer={
          isConverting ? undefined : (
            <p>
              {t("auth.signup.haveAccount")}{" "}
              <Link to="/login" className="auth-link-strong">
                {t("auth.signup.login")}
              </Link>
            </p>
          )
        }
      >
        <h2 className="auth-card-title">{t("auth.signup.heading")}</h2>
        {isConverting && <p className="auth-callout">{t("auth.signup.convertNote")}</p>}
        <form onSubmit={signUp} noValidate>
          <EmailField
            label={t("auth.fields.email")}
            placeholder={t("auth.fields.emailPlaceholder")}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            label={t("auth.fields.password")}
            hint={t("auth.fields.passwordHint")}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field
            label={t("auth.fields.nameOptional")}
            hint={t("auth.signup.nameHint")}
            type="text"
            name="name"
            autoComplete="nickname"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button
            type="submit"
            className="button button-block"
            disabled={isBusy || email.trim() === "" || password === ""}
          >
            {t("auth.signup.submit")}
          </button>
        </form>
        <p className="auth-note">
          {t("auth.signup.verifyNote")} <Link to="/privacy-policy">{t("auth.signup.privacy")}</Link>
        </p>
      </AuthLayout>
    </Page>
  );
}

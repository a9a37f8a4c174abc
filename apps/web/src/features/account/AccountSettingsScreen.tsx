import { ErrorCode, LANGUAGES, type Language } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authApi } from "../../api/auth.api";
import { ApiError, errorCodeOf } from "../../api/client";
import { type Me, useUpdateMe } from "../../api/me.queries";
import { setLanguage } from "../../i18n/i18n";
import { DENSITIES, setDensity, useDensity } from "../../lib/density";
import { setThemePreference, THEME_PREFERENCES, useThemePreference } from "../../lib/theme";
import { confirmAlert, showAlert } from "../../overlays/alert";
import { errorMessage, showError } from "../../overlays/error-dialog";
import { withLoading } from "../../overlays/loading";
import { presentModal } from "../../overlays/modal";
import { showToast } from "../../overlays/toast";
import { useSignedInMe } from "../../session/me-context";
import { clearLocalStorage, isAnonymousUser, rememberUser, signOut } from "../../session/session";
import { ListGroup, ListItem } from "../../ui/List";
import { Page } from "../../ui/Page";
import { ChangeEmailSheet, ChangePasswordSheet, DeletePasswordSheet } from "./account-sheets";
import { ActionRow } from "./account-ui";
import { ReminderSettingsGroup } from "./ReminderSettingsGroup";

/**
 * Account settings, grouped as in iOS settings: profile (name), language, country, plan, e-mail
 * and password, then logout and account deletion. Anonymous users are first offered sign-up,
 * which keeps their data.
 */
export function AccountSettingsScreen() {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const isAnonymous = isAnonymousUser(me);
  // signInMethod "email": the account has a password (a converted anonymous one too).
  const hasPassword = !isAnonymous && me.user.signInMethod === "email";
  useEmailChangeReturn();

  const openChangeEmail = async () => {
    const sentTo = await presentModal<string>(t("account.changeEmail.title"), (close) => (
      <ChangeEmailSheet currentEmail={me.user.email} close={close} />
    ));
    if (sentTo) {
      await showAlert(
        t("account.changeEmail.sentTitle"),
        t("account.changeEmail.sentMessage", { email: sentTo }),
      );
    }
  };

  const openChangePassword = async () => {
    const isChanged = await presentModal<boolean>(t("account.changePassword.title"), (close) => (
      <ChangePasswordSheet close={close} />
    ));
    if (isChanged) showToast(t("account.changePassword.changed"));
  };

  const logout = async () => {
    try {
      if (!(await signOut(client, me))) return;
    } catch (error) {
      // Local data is cleared either way; say what failed on the server.
      await showError(error);
    }
    navigate("/login", { replace: true });
  };

  const deleteAccount = async () => {
    const isConfirmed = await confirmAlert(
      t("account.delete.confirmTitle"),
      t(isAnonymous ? "account.delete.confirmAnonymous" : "account.delete.confirmMessage"),
      t("common.delete"),
    );
    if (!isConfirmed) return;
    let password: string | undefined;
    if (hasPassword) {
      password = await presentModal<string>(t("account.delete.passwordTitle"), (close) => (
        <DeletePasswordSheet close={close} />
      ));
      if (!password) return;
    }
    try {
      // Signing an anonymous user out deletes the account (PRODUCT.md › Anonymous use) and needs no
      // fresh session.
      await withLoading(() => (isAnonymous ? authApi.signOut() : authApi.deleteAccount(password)));
    } catch (error) {
      const needsSignIn =
        !hasPassword && errorCodeOf(error) === ErrorCode.AUTH_REAUTHENTICATION_REQUIRED;
      await showError(error, needsSignIn ? { message: t("account.delete.signInAgain") } : {});
      return;
    }
    clearLocalStorage();
    rememberUser(null);
    client.clear();
    showToast(t("account.delete.deleted"));
    navigate("/login", { replace: true });
  };

  return (
    <Page title={t("account.title")}>
      <div className="account-screen">
        {isAnonymous && (
          <section className="account-keep" aria-labelledby="account-keep-title">
            <h2 id="account-keep-title" className="account-keep-title">
              {t("account.anonymous.title")}
            </h2>
            <p className="account-keep-text">{t("account.anonymous.message")}</p>
            <Link to="/signup" className="button button-block">
              {t("account.anonymous.action")}
            </Link>
          </section>
        )}

        <ListGroup header={t("account.profile.header")}>
          <NameRow me={me} />
          {!isAnonymous && (
            <ListItem end={<VerifiedBadge isVerified={me.emailVerified} />}>
              <span className="account-email">{me.user.email}</span>
            </ListItem>
          )}
        </ListGroup>

        <ListGroup
          header={t("account.preferences.header")}
          footer={t("account.preferences.footer")}
        >
          <LanguageRow me={me} />
          <ThemeRow />
          <DensityRow />
          <ListItem to="/select-country" end={t(`account.countries.${me.user.countryCode}`)}>
            {t("account.country.label")}
          </ListItem>
          <ListItem to="/plan" end={planName(me.user.plan, t)}>
            {t("account.plan.label")}
          </ListItem>
        </ListGroup>

        {!isAnonymous && <ReminderSettingsGroup me={me} />}

        <ListGroup footer={t("import.settingsFooter")}>
          <ListItem to="/import">{t("import.title")}</ListItem>
          <ListItem to="/trash">{t("trash.title")}</ListItem>
        </ListGroup>

        {hasPassword && (
          <ListGroup header={t("account.security.header")}>
            <ActionRow
              label={t("account.changeEmail.title")}
              onClick={openChangeEmail}
              hasChevron
            />
            <ActionRow
              label={t("account.changePassword.title")}
              onClick={openChangePassword}
              hasChevron
            />
          </ListGroup>
        )}

        <ListGroup footer={isAnonymous ? t("account.anonymous.logoutNote") : undefined}>
          <ActionRow label={t("account.logout")} onClick={logout} tone="tint" />
        </ListGroup>
        <ListGroup footer={t("account.delete.footer")}>
          <ActionRow label={t("account.delete.action")} onClick={deleteAccount} tone="danger" />
        </ListGroup>
      </div>
    </Page>
  );
}

function planName(plan: string, t: (key: string) => string): string {
  if (plan === "") return t("account.plan.free");
  if (plan === "ADMIN") return t("account.plan.admin");
  return plan;
}

function VerifiedBadge({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={isVerified ? "account-badge" : "account-badge account-badge-warning"}>
      {t(isVerified ? "account.email.verified" : "account.email.notVerified")}
    </span>
  );
}

/** The name, edited in place and saved with PATCH /api/me. */
function NameRow({ me }: { me: Me }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateMe();
  const [name, setName] = useState(me.user.name);
  const trimmed = name.trim();
  const canSave = trimmed !== "" && trimmed !== me.user.name && !update.isPending;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    try {
      const saved = await update.mutateAsync({ name: trimmed });
      setName(saved.user.name);
      showToast(t("account.profile.saved"));
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <li className="list-item">
      <form className="account-inline-form" onSubmit={save}>
        <label htmlFor={id} className="account-inline-label">
          {t("account.profile.name")}
        </label>
        <input
          id={id}
          className="account-inline-input"
          value={name}
          maxLength={100}
          autoComplete="nickname"
          placeholder={t("account.profile.namePlaceholder")}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button button-small" disabled={!canSave}>
          {t("common.save")}
        </button>
      </form>
    </li>
  );
}

/** The interface language: switched at once, then stored on the user record. */
function LanguageRow({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const update = useUpdateMe();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : me.user.lang;

  const choose = async (lang: Language) => {
    if (lang === current) return;
    const previous = current;
    await setLanguage(lang);
    try {
      await update.mutateAsync({ lang });
    } catch (error) {
      await setLanguage(previous);
      await showError(error);
    }
  };

  return (
    <li className="list-item">
      <div className="list-item-static">
        <span className="list-item-main" id={id}>
          {t("account.language.label")}
        </span>
        <fieldset className="segmented account-segmented" aria-labelledby={id}>
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              lang={lang}
              aria-pressed={lang === current}
              onClick={() => void choose(lang)}
            >
              {t(`account.language.names.${lang}`)}
            </button>
          ))}
        </fieldset>
      </div>
    </li>
  );
}

/** PRODUCT.md › Theme: this device's theme, applied at once (kept in local storage, not sent). */
function ThemeRow() {
  const { t } = useTranslation();
  const id = useId();
  const current = useThemePreference();
  return (
    <li className="list-item">
      <div className="list-item-static">
        <span className="list-item-main" id={id}>
          {t("account.theme.label")}
        </span>
        <fieldset className="segmented account-segmented" aria-labelledby={id}>
          {THEME_PREFERENCES.map((preference) => (
            <button
              key={preference}
              type="button"
              aria-pressed={preference === current}
              onClick={() => setThemePreference(preference)}
            >
              {t(`account.theme.${preference}`)}
            </button>
          ))}
        </fieldset>
      </div>
    </li>
  );
}

/** PRODUCT.md › List density: this device's memo lists, comfortable or compact (not sent). */
function DensityRow() {
  const { t } = useTranslation();
  const id = useId();
  const current = useDensity();
  return (
    <li className="list-item">
      <div className="list-item-static">
        <span className="list-item-main" id={id}>
          {t("account.density.label")}
        </span>
        <fieldset className="segmented account-segmented" aria-labelledby={id}>
          {DENSITIES.map((density) => (
            <button
              key={density}
              type="button"
              aria-pressed={density === current}
              onClick={() => setDensity(density)}
            >
              {t(`account.density.${density}`)}
            </button>
          ))}
        </fieldset>
      </div>
    </li>
  );
}

/**
 * Back from the link that confirmed a new e-mail: better-auth redirects to
 * /account-settings?emailChanged=1, with `&error=` when the link was bad.
 */
function useEmailChangeReturn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const isHandled = useRef(false);
  const isReturn = params.get("emailChanged") === "1";
  const error = params.get("error");

  useEffect(() => {
    if (!isReturn || isHandled.current) return;
    isHandled.current = true;
    setParams({}, { replace: true });
    if (error === null) {
      showToast(t("account.changeEmail.changed"));
      return;
    }
    const code = ErrorCode.AUTH_INVALID_TOKEN;
    void showError(new ApiError(code, 400, error), { message: errorMessage(code) });
  }, [isReturn, error, setParams, t]);
}

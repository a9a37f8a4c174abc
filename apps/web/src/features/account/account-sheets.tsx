import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { authApi } from "../../api/auth.api";
import { showError } from "../../overlays/error-dialog";
import { withLoading } from "../../overlays/loading";
import { EmailField, Field } from "../../ui/Field";
import { Sheet } from "./account-ui";

// The forms account-settings opens in a modal sheet. Each closes with its result (undefined when
// cancelled); errors are shown over the sheet so the user can correct and retry.

/** New address + current password; answers the address the link was mailed to. */
export function ChangeEmailSheet({
  currentEmail,
  close,
}: {
  currentEmail: string;
  close: (newEmail?: string) => void;
}) {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const address = newEmail.trim().toLowerCase();
  const isSame = address !== "" && address === currentEmail.toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (address === "" || password === "" || isSame) return;
    try {
      await withLoading(() => authApi.changeEmail(address, password));
      close(address);
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <Sheet title={t("account.changeEmail.title")} onCancel={() => close()} onSubmit={submit}>
      <p className="account-sheet-intro">{t("account.changeEmail.intro")}</p>
      <EmailField
        label={t("account.changeEmail.newEmail")}
        value={newEmail}
        error={isSame ? t("account.changeEmail.same") : undefined}
        onChange={(event) => setNewEmail(event.target.value)}
      />
      <Field
        label={t("account.fields.currentPassword")}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button
        type="submit"
        className="button button-block"
        disabled={address === "" || password === "" || isSame}
      >
        {t("account.changeEmail.submit")}
      </button>
    </Sheet>
  );
}

/** Current + new + confirmation; answers true once changed. */
export function ChangePasswordSheet({ close }: { close: (isChanged?: boolean) => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [isSubmitted, setSubmitted] = useState(false);
  const isMismatch = isSubmitted && next !== confirmation;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (current === "" || next === "" || next !== confirmation) return;
    try {
      await withLoading(() => authApi.changePassword(current, next));
      close(true);
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <Sheet title={t("account.changePassword.title")} onCancel={() => close()} onSubmit={submit}>
      <Field
        label={t("account.fields.currentPassword")}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <Field
        label={t("account.fields.newPassword")}
        hint={t("account.fields.passwordHint")}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      <Field
        label={t("account.fields.confirmPassword")}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        error={isMismatch ? t("account.fields.mismatch") : undefined}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <p className="account-sheet-note">{t("account.changePassword.otherSessions")}</p>
      <button
        type="submit"
        className="button button-block"
        disabled={current === "" || next === "" || confirmation === ""}
      >
        {t("account.changePassword.submit")}
      </button>
    </Sheet>
  );
}

/**
 * The password that confirms deleting the account; answers it, and the caller deletes (a wrong
 * one is AUTH_REAUTHENTICATION_REQUIRED, shown as "the current password is wrong").
 */
export function DeletePasswordSheet({ close }: { close: (password?: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== "") close(password);
  };
  return (
    <Sheet title={t("account.delete.passwordTitle")} onCancel={() => close()} onSubmit={submit}>
      <p className="account-sheet-intro">{t("account.delete.passwordMessage")}</p>
      <Field
        label={t("account.fields.password")}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button button-block button-danger" disabled={!password}>
        {t("account.delete.submit")}
      </button>
    </Sheet>
  );
}

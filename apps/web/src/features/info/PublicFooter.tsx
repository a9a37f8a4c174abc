import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useOptionalMe } from "../../session/me-context";

/** Under a public page read while signed out (no menu then): ways into the app. */
export function PublicFooter() {
  const { t } = useTranslation();
  const me = useOptionalMe();
  if (me) return null;
  return (
    <nav className="info-public-footer" aria-label={t("info.public.label")}>
      <Link className="button" to="/signup">
        {t("info.public.signUp")}
      </Link>
      <Link className="button button-secondary" to="/login">
        {t("info.public.signIn")}
      </Link>
    </nav>
  );
}

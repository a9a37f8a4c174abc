import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";
import { Page } from "../../ui/Page";
import { ProseText } from "./ProseText";
import { PublicFooter } from "./PublicFooter";

/** The date this policy took effect (local midnight). */
const EFFECTIVE = new Date(2026, 10, 23).getTime();

const SECTIONS = [
  "scope",
  "account",
  "content",
  "technical",
  "device",
  "use",
  "ads",
  "sharing",
  "retention",
  "rights",
  "security",
  "children",
  "changes",
] as const;

/** Public: what Mnemo stores and why, in the interface language. */
export function PrivacyPolicyScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Page title={t("info.privacy.title")}>
      <article className="info-article">
        <h2 className="large-title info-article-title">{t("info.privacy.heading")}</h2>
        <p className="muted small">
          {t("info.privacy.effective", { date: format.date(EFFECTIVE) })}
        </p>
        <p className="info-lead">{t("info.privacy.intro")}</p>
        <nav className="info-toc" aria-label={t("info.privacy.contents")}>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section}>
                <a href={`#privacy-${section}`}>{t(`info.privacy.sections.${section}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {SECTIONS.map((section, index) => (
          <section key={section} id={`privacy-${section}`} className="info-article-section">
            <h3>
              {index + 1}. {t(`info.privacy.sections.${section}.title`)}
            </h3>
            <ProseText text={t(`info.privacy.sections.${section}.body`)} />
          </section>
        ))}
      </article>
      <PublicFooter />
    </Page>
  );
}

import { useTranslation } from "react-i18next";
import { Page } from "../../ui/Page";
import { ProseText } from "./ProseText";
import { PublicFooter } from "./PublicFooter";

const NEWS = ["home", "calendar", "today", "scratch", "share", "languages"] as const;

/** Public: a letter from the people who make Mnemo, and what is new. */
export function LetterScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t("info.letter.title")}>
      <article className="info-article info-letter">
        <h2 className="large-title info-article-title">{t("info.letter.heading")}</h2>
        <div className="info-letter-body">
          <ProseText text={t("info.letter.body")} />
          <p className="info-letter-signature">{t("info.letter.signature")}</p>
        </div>
        <h3 className="section-title">{t("info.letter.newsTitle")}</h3>
        <ul className="list info-news">
          {NEWS.map((item) => (
            <li key={item} className="list-item info-news-item">
              <span className="info-news-title">{t(`info.letter.news.${item}.title`)}</span>
              <span className="info-news-detail">{t(`info.letter.news.${item}.detail`)}</span>
            </li>
          ))}
        </ul>
      </article>
      <PublicFooter />
    </Page>
  );
}

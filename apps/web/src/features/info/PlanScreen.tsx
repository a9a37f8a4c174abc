import { ADMIN_PLAN } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useSignedInMe } from "../../session/me-context";
import { Page } from "../../ui/Page";

/** What every account includes; admins get the analytics besides. */
const INCLUDED = [
  "memos",
  "review",
  "calendar",
  "scratch",
  "share",
  "languages",
  "devices",
] as const;

/**
 * The user's plan (PRODUCT.md › Users: "" is the free plan, ADMIN an admin) and what it includes.
 */
export function PlanScreen() {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const plan = me.user.plan;
  const isAdminPlan = plan === ADMIN_PLAN;
  const planName = plan === "" ? t("info.plan.free") : isAdminPlan ? t("info.plan.admin") : plan;

  return (
    <Page title={t("info.plan.title")}>
      <section className="info-plan-card" aria-labelledby="plan-name">
        <p className="info-plan-kicker">{t("info.plan.current")}</p>
        <h2 id="plan-name" className="info-plan-name">
          {planName}
        </h2>
        <p className="info-plan-price">{t("info.plan.price")}</p>
      </section>

      <h2 className="section-title">{t("info.plan.includesTitle")}</h2>
      <ul className="list info-checklist">
        {INCLUDED.map((item) => (
          <li key={item} className="list-item info-check">
            <span className="info-check-mark" aria-hidden="true">
              ✓
            </span>
            <span>
              <span className="info-check-title">{t(`info.plan.includes.${item}.title`)}</span>
              <span className="info-check-detail">{t(`info.plan.includes.${item}.detail`)}</span>
            </span>
          </li>
        ))}
        {(isAdminPlan || me.isAdmin) && (
          <li className="list-item info-check">
            <span className="info-check-mark" aria-hidden="true">
              ✓
            </span>
            <span>
              <span className="info-check-title">{t("info.plan.includes.analytics.title")}</span>
              <span className="info-check-detail">{t("info.plan.includes.analytics.detail")}</span>
            </span>
          </li>
        )}
      </ul>
      <p className="info-note muted small">{t("info.plan.noPayment")}</p>
    </Page>
  );
}

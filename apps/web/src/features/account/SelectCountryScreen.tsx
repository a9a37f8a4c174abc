import { COUNTRY_CODES, type CountryCode } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useUpdateMe } from "../../api/me.queries";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { useSignedInMe } from "../../session/me-context";
import { Page } from "../../ui/Page";

/**
 * The user's country (PRODUCT.md › Users: GL, ID, KR, PH, SG, US); choosing one saves it and goes
 * back.
 */
export function SelectCountryScreen() {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const navigate = useNavigate();
  const update = useUpdateMe();
  const current = me.user.countryCode;

  const choose = async (countryCode: CountryCode) => {
    if (update.isPending) return;
    if (countryCode !== current) {
      try {
        await update.mutateAsync({ countryCode });
      } catch (error) {
        await showError(error);
        return;
      }
      showToast(
        t("account.selectCountry.changed", { country: t(`account.countries.${countryCode}`) }),
      );
    }
    navigate("/account-settings");
  };

  return (
    <Page title={t("account.selectCountry.title")} backTo="/account-settings">
      <div className="account-screen">
        <div className="list-group">
          <div className="list-group-header" id="select-country-header">
            {t("account.selectCountry.header")}
          </div>
          <div className="list" role="radiogroup" aria-labelledby="select-country-header">
            {COUNTRY_CODES.map((code) => (
              <div key={code} className="list-item">
                {/* biome-ignore lint/a11y/useSemanticElements: an iOS checkmark row, not a round radio */}
                <button
                  type="button"
                  role="radio"
                  aria-checked={code === current}
                  className="account-row-button account-country"
                  disabled={update.isPending}
                  onClick={() => void choose(code)}
                >
                  <span className="list-item-main">{t(`account.countries.${code}`)}</span>
                  <span className="account-country-code" aria-hidden="true">
                    {code}
                  </span>
                  <span className="account-check" aria-hidden="true">
                    {code === current ? "✓" : ""}
                  </span>
                </button>
              </div>
            ))}
          </div>
          <div className="list-group-footer">{t("account.selectCountry.footer")}</div>
        </div>
      </div>
    </Page>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isLabFlagOn, LAB_EXPERIMENTS, type LabExperiment, setLabFlag } from "../../lib/lab-flags";
import { showToast } from "../../overlays/toast";
import { Toggle } from "../../ui/List";
import { Page } from "../../ui/Page";

function readFlags(): Record<LabExperiment, boolean> {
  return Object.fromEntries(LAB_EXPERIMENTS.map((name) => [name, isLabFlagOn(name)])) as Record<
    LabExperiment,
    boolean
  >;
}

/** Opt-in experiments, kept per device in local storage. */
export function LaboratoryScreen() {
  const { t } = useTranslation();
  const [flags, setFlags] = useState(readFlags);

  const setFlag = (name: LabExperiment, isOn: boolean) => {
    setLabFlag(name, isOn);
    setFlags(readFlags());
  };
  const resetAll = () => {
    for (const name of LAB_EXPERIMENTS) setLabFlag(name, false);
    setFlags(readFlags());
    showToast(t("info.lab.resetDone"));
  };

  return (
    <Page title={t("info.lab.title")}>
      <div className="info-callout" role="note">
        <FlaskIcon />
        <div>
          <p className="info-callout-title">{t("info.lab.noteTitle")}</p>
          <p className="info-callout-body">{t("info.lab.note")}</p>
        </div>
      </div>

      <div className="list-group">
        <div className="list-group-header">{t("info.lab.experiments")}</div>
        <ul className="list">
          {LAB_EXPERIMENTS.map((name) => (
            <li key={name} className="list-item info-lab-item">
              <Toggle
                label={t(`info.lab.items.${name}.title`)}
                checked={flags[name]}
                onChange={(isOn) => setFlag(name, isOn)}
              />
              <p className="info-lab-detail">{t(`info.lab.items.${name}.detail`)}</p>
            </li>
          ))}
        </ul>
        <div className="list-group-footer">{t("info.lab.footer")}</div>
      </div>

      <button
        type="button"
        className="button button-secondary button-block"
        onClick={resetAll}
        disabled={!LAB_EXPERIMENTS.some((name) => flags[name])}
      >
        {t("info.lab.reset")}
      </button>
    </Page>
  );
}

function FlaskIcon() {
  return (
    <svg
      className="info-callout-icon"
      width="26"
      height="26"
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path
        d="M9 3h6M10 3v6.2L4.6 18.4A1.7 1.7 0 0 0 6.1 21h11.8a1.7 1.7 0 0 0 1.5-2.6L14 9.2V3M7.2 15h9.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

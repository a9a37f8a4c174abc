import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { intervalParts } from "./interval";
import { GRADES, type ReviewGrade } from "./review-session";

/**
 * A key's visible hint, hidden from screen readers: the button names its key in
 * `aria-keyshortcuts` instead of in its name.
 */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <span className="review-kbd" aria-hidden="true">
      {children}
    </span>
  );
}

/** "10 min", "3 d": the time until the next review, in the interface language. */
export function useIntervalText(): (ms: number) => string {
  const { t } = useTranslation();
  return (ms) => {
    const { unit, count } = intervalParts(ms);
    return t(`review.interval.${unit}`, { count });
  };
}

/** The four FSRS grades, each with its key and the interval it would give. */
export function GradeButtons({
  intervals,
  onGrade,
}: {
  intervals: Record<ReviewGrade, number> | null;
  onGrade: (grade: ReviewGrade) => void;
}) {
  const { t } = useTranslation();
  const intervalText = useIntervalText();
  return (
    <fieldset className="review-grades">
      <legend className="review-visually-hidden">{t("review.gradesLabel")}</legend>
      {GRADES.map((grade) => {
        const name = t(`review.grades.${grade}`);
        const interval = intervals ? intervalText(intervals[grade]) : null;
        return (
          <button
            key={grade}
            type="button"
            className={`review-grade review-grade-${grade}`}
            aria-keyshortcuts={String(grade)}
            // Named by what it shows, in that order ("10 min Good"), so a voice command of the
            // visible words finds it (WCAG 2.5.3); the key is aria-keyshortcuts, not read twice.
            onClick={() => onGrade(grade)}
          >
            <span className="review-grade-interval">{interval}</span>
            <span className="review-grade-name">{name}</span>
            <Kbd>{grade}</Kbd>
          </button>
        );
      })}
    </fieldset>
  );
}

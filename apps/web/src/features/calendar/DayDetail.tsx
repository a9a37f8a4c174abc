import type { CalendarDay } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format";

const GROUPS = ["created", "reviewed", "completed"] as const;

/** The chosen day: its memos created, reviewed and completed, each linking to the memo. */
export function DayDetail({
  day,
  date,
  isLoading,
}: {
  day: CalendarDay;
  date: Date;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const title = new Intl.DateTimeFormat(format.locale, { dateStyle: "full" }).format(date);
  return (
    <section className="calendar-detail" aria-labelledby="calendar-detail-title">
      <h2 id="calendar-detail-title" className="calendar-detail-title">
        {title}
      </h2>
      {GROUPS.map((group) => {
        const memos: Array<{ id: string; title: string; count?: number }> = day[group];
        const headingId = `calendar-group-${group}`;
        return (
          <div key={group} className="calendar-group">
            <h3 id={headingId} className={`calendar-group-title calendar-group-${group}`}>
              {t(`calendar.groups.${group}`)}{" "}
              <span className="calendar-group-count">{isLoading ? "…" : memos.length}</span>
            </h3>
            {memos.length === 0 ? (
              <p className="calendar-group-empty muted small">
                {isLoading ? t("common.loading") : t(`calendar.none.${group}`)}
              </p>
            ) : (
              <ul className="list" aria-labelledby={headingId}>
                {memos.map((memo) => (
                  <li key={memo.id} className="list-item">
                    <Link
                      className="list-item-link"
                      to={`/view-private-memo?memoId=${encodeURIComponent(memo.id)}`}
                    >
                      <span className="list-item-main list-item-label">{memo.title}</span>
                      {memo.count !== undefined && (
                        <span className="calendar-times">
                          {t("calendar.times", { count: memo.count })}
                        </span>
                      )}
                      <span className="chevron" aria-hidden="true">
                        ›
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

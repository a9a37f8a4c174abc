import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

// Building blocks shared by the signed-out screens: the product header above a centred card
// (full width on phones), and labelled fields whose label is their accessible name.

/** The app's mark: two stacked memo cards on the tint colour. */
function AppMark() {
  return (
    <svg className="auth-mark" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="auth-mark-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3d9bff" />
          <stop offset="1" stopColor="#5856d6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill="url(#auth-mark-fill)" />
      <rect x="19" y="13" width="30" height="34" rx="5" fill="#fff" opacity="0.45" />
      <rect x="14" y="18" width="30" height="34" rx="5" fill="#fff" />
      <path
        d="M20 28h18M20 34h18M20 40h11"
        stroke="#5b7cfa"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The signed-out screens' body: app name and tagline over the card that holds the form. */
export function AuthLayout({
  children,
  footer,
  showsTagline = true,
}: {
  children: ReactNode;
  footer?: ReactNode;
  showsTagline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-screen">
      <div className="auth-hero">
        <AppMark />
        <p className="auth-app-name">{t("app.title")}</p>
        {showsTagline && <p className="auth-tagline">{t("app.tagline")}</p>}
      </div>
      <div className="auth-card">{children}</div>
      {footer && <div className="auth-footer">{footer}</div>}
    </div>
  );
}

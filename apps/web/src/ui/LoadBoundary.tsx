import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface LoadBoundaryProps {
  children: ReactNode;
  /** The whole screen failed (the router's boundary): the failure is shown as the screen. */
  isScreen?: boolean;
}

/**
 * Catches a part of a screen that failed to load (typically a lazily loaded chunk while the
 * network is gone and the service worker has not cached it yet) and offers to try again, instead
 * of taking the whole app down.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("a part of the screen failed to load", error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    // A lazy component keeps its failed import: only a reload fetches it again (the memo form's
    // draft is kept across it).
    const failed = <LoadFailed error={this.state.error} onRetry={() => window.location.reload()} />;
    return this.props.isScreen ? <main className="app-main app-main-bare">{failed}</main> : failed;
  }
}

/** A chunk that could not be fetched reads as a network problem; anything else as internal. */
export function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert">
      <p>{t(isLoadFailure(error) ? "errors.NETWORK_UNAVAILABLE" : "errors.INTERNAL")}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t("common.retry")}
      </button>
    </div>
  );
}

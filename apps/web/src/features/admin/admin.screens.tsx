import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function AnalyticsScreen() {
  return <Page title="AnalyticsScreen">AnalyticsScreen</Page>;
}

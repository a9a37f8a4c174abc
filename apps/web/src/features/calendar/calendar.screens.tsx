import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function PrivateCalendarScreen() {
  return <Page title="PrivateCalendarScreen">PrivateCalendarScreen</Page>;
}

import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function HomeScreen() {
  return <Page title="HomeScreen">HomeScreen</Page>;
}

export function TodayScreen() {
  return <Page title="TodayScreen">TodayScreen</Page>;
}

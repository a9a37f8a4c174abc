import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function AccountSettingsScreen() {
  return <Page title="AccountSettingsScreen">AccountSettingsScreen</Page>;
}

export function SelectCountryScreen() {
  return <Page title="SelectCountryScreen">SelectCountryScreen</Page>;
}

import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function PrivateFoldersScreen() {
  return <Page title="PrivateFoldersScreen">PrivateFoldersScreen</Page>;
}

export function FolderSettingsScreen() {
  return <Page title="FolderSettingsScreen">FolderSettingsScreen</Page>;
}

export function ReviewMemoSettingsScreen() {
  return <Page title="ReviewMemoSettingsScreen">ReviewMemoSettingsScreen</Page>;
}

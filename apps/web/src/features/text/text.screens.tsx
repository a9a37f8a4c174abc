import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function TextEditorScreen() {
  return <Page title="TextEditorScreen">TextEditorScreen</Page>;
}

export function UpsertTextScreen() {
  return <Page title="UpsertTextScreen">UpsertTextScreen</Page>;
}

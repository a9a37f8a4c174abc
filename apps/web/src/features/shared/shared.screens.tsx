import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function SharedMemoScreen() {
  return <Page title="SharedMemoScreen">SharedMemoScreen</Page>;
}

import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function PrivateMemosScreen() {
  return <Page title="PrivateMemosScreen">PrivateMemosScreen</Page>;
}

export function UpsertPrivateMemoScreen() {
  return <Page title="UpsertPrivateMemoScreen">UpsertPrivateMemoScreen</Page>;
}

export function ViewPrivateMemoScreen() {
  return <Page title="ViewPrivateMemoScreen">ViewPrivateMemoScreen</Page>;
}

import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function PlanScreen() {
  return <Page title="PlanScreen">PlanScreen</Page>;
}

export function LaboratoryScreen() {
  return <Page title="LaboratoryScreen">LaboratoryScreen</Page>;
}

export function PrivacyPolicyScreen() {
  return <Page title="PrivacyPolicyScreen">PrivacyPolicyScreen</Page>;
}

export function LetterScreen() {
  return <Page title="LetterScreen">LetterScreen</Page>;
}

export function PublicMemosScreen() {
  return <Page title="PublicMemosScreen">PublicMemosScreen</Page>;
}

export function NotFoundScreen() {
  return <Page title="NotFoundScreen">NotFoundScreen</Page>;
}

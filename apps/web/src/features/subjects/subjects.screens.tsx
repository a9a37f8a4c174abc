import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function SubjectsScreen() {
  return <Page title="SubjectsScreen">SubjectsScreen</Page>;
}

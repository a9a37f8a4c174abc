import "./info.css";

export { LaboratoryScreen } from "./LaboratoryScreen";
export { LetterScreen } from "./LetterScreen";
export { NotFoundScreen } from "./NotFoundScreen";
export { PlanScreen } from "./PlanScreen";
export { PrivacyPolicyScreen } from "./PrivacyPolicyScreen";
export { PublicMemosScreen } from "./PublicMemosScreen";

import "./auth.css";

// The signed-out screens (PRODUCT.md › Screens): login, signup, verify-email and find-account.
export { FindAccountScreen } from "./FindAccountScreen";
export { LoginScreen } from "./LoginScreen";
export { SignupScreen } from "./SignupScreen";
export { VerifyEmailScreen } from "./VerifyEmailScreen";

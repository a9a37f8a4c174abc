import { Page } from "../../ui/Page";

// Placeholder screens until this feature is built.

export function LoginScreen() {
  return <Page title="LoginScreen">LoginScreen</Page>;
}

export function SignupScreen() {
  return <Page title="SignupScreen">SignupScreen</Page>;
}

export function VerifyEmailScreen() {
  return <Page title="VerifyEmailScreen">VerifyEmailScreen</Page>;
}

export function FindAccountScreen() {
  return <Page title="FindAccountScreen">FindAccountScreen</Page>;
}

import "./account.css";

// The signed-in account screens: account-settings and select-country.
export { AccountSettingsScreen } from "./AccountSettingsScreen";
export { SelectCountryScreen } from "./SelectCountryScreen";

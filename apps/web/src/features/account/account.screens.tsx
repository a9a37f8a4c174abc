import "./account.css";

// The signed-in account screens: account-settings, select-country and import.
export { AccountSettingsScreen } from "./AccountSettingsScreen";
export { ImportExportScreen } from "./ImportExportScreen";
export { SelectCountryScreen } from "./SelectCountryScreen";

import "./admin.css";

export { AnalyticsScreen } from "./AnalyticsScreen";

import "./calendar.css";

export { PrivateCalendarScreen } from "./PrivateCalendarScreen";

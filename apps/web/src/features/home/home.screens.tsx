import "./home.css";

export { HomeScreen } from "./HomeScreen";
export { TodayScreen } from "./TodayScreen";

import "./stats.css";

export { StatsScreen } from "./StatsScreen";

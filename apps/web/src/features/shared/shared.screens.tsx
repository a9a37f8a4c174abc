import "./shared.css";

export { SharedMemoScreen } from "./SharedMemoScreen";

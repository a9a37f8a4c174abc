import "./trash.css";

export { TrashScreen } from "./TrashScreen";

import "./memos.css";

export { PrivateMemosScreen } from "./PrivateMemosScreen";
export { UpsertPrivateMemoScreen } from "./UpsertPrivateMemoScreen";
export { ViewPrivateMemoScreen } from "./ViewPrivateMemoScreen";

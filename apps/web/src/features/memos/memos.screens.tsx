import "./memos.css";

export { PrivateMemosScreen } from "./PrivateMemosScreen";
export { SearchScreen } from "./SearchScreen";
export { UpsertPrivateMemoScreen } from "./UpsertPrivateMemoScreen";
export { ViewPrivateMemoScreen } from "./ViewPrivateMemoScreen";

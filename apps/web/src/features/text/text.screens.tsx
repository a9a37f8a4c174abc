import "./text.css";

export { TextEditorScreen } from "./TextEditorScreen";
export { UpsertTextScreen } from "./UpsertTextScreen";

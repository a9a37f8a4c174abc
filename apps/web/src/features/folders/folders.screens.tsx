import "./folders.css";

export { FolderSettingsScreen } from "./FolderSettingsScreen";
export { PrivateFoldersScreen } from "./PrivateFoldersScreen";
export { ReviewMemoSettingsScreen } from "./ReviewMemoSettingsScreen";

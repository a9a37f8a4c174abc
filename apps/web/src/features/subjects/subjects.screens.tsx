import "./subjects.css";

export { SubjectsScreen } from "./SubjectsScreen";

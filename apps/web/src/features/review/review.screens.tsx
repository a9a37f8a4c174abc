import "./review.css";

export { ReviewScreen } from "./ReviewScreen";

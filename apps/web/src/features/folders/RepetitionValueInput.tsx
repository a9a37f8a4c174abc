import type { InputHTMLAttributes } from "react";
import { MAX_REPETITION_VALUE } from "./repetition-value";

/**
 * A date or read repetition value field (0…100 000, decimals allowed), as folder settings and
 * the review-list settings both edit it; label, value and error wiring come from the caller.
 */
export function RepetitionValueInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className="input folders-number-input"
      type="number"
      inputMode="decimal"
      min={0}
      max={MAX_REPETITION_VALUE}
      step="any"
      {...props}
    />
  );
}

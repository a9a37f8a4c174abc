import { type InputHTMLAttributes, useId } from "react";

type FieldProps = {
  label: string;
  hint?: string;
  error?: string;
} & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input (the label is its accessible name) with an optional hint and an inline error,
 * both tied to it through aria-describedby.
 */
export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * An e-mail address field: the e-mail keyboard, no capitals or spelling fixes, and the address
 * autocomplete (`autoComplete` "username" where it signs in).
 */
export function EmailField({
  autoComplete = "email",
  ...props
}: Omit<FieldProps, "type" | "autoComplete"> & { autoComplete?: "email" | "username" }) {
  return (
    <Field
      type="email"
      name="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      autoComplete={autoComplete}
      {...props}
    />
  );
}

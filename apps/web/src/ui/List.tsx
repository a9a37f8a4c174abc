import type { ReactNode } from "react";
import { Link } from "react-router";

/** An inset grouped list, as in iOS settings. */
export function ListGroup({
  header,
  footer,
  children,
}: {
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="list-group">
      {header && <div className="list-group-header">{header}</div>}
      <ul className="list">{children}</ul>
      {footer && <div className="list-group-footer">{footer}</div>}
    </div>
  );
}

/** A row: a link when `to` is given, else plain; `end` holds a value, toggle or buttons. */
export function ListItem({
  to,
  children,
  end,
  detail,
}: {
  to?: string;
  children: ReactNode;
  end?: ReactNode;
  detail?: ReactNode;
}) {
  const body = (
    <>
      <div className="list-item-main">
        <div className="list-item-label">{children}</div>
        {detail && <div className="list-item-detail">{detail}</div>}
      </div>
      {end && <div className="list-item-end">{end}</div>}
    </>
  );
  return (
    <li className="list-item">
      {to ? (
        <Link className="list-item-link" to={to}>
          {body}
          <span className="chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      ) : (
        <div className="list-item-static">{body}</div>
      )}
    </li>
  );
}

/** An iOS switch bound to a checkbox, labelled by its row. */
export function Toggle({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="toggle">
      <span className="toggle-label">{label}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-track" aria-hidden="true" />
    </label>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-row" role="progressbar" aria-label={label}>
      <span className="spinner" />
    </div>
  );
}

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useDialogFocus } from "./dialog-focus";
import { ModalGuardContext } from "./modal";
import { isBlockingOverlay, type Overlay, overlayStore, useOverlays } from "./overlay-store";
import { POPOVER_WIDTH_PX } from "./popover";
import { undoLatest } from "./toast";

type AlertOverlay = Extract<Overlay, { kind: "alert" }>;
type ModalOverlay = Extract<Overlay, { kind: "modal" }>;

/** Renders every open overlay; mounted once at the root of the app. */
export function OverlayHost() {
  const overlays = useOverlays();
  // Esc is for the topmost overlay a person can close: toasts (an Undo toast stays 5 s) are not.
  const top = overlays.findLast((overlay) => overlay.kind !== "toast");

  useEffect(() => {
    if (!top) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (top.kind === "modal") top.resolve(undefined);
      else if (top.kind === "popover") overlayStore.dismiss(top.id);
      else if (top.kind === "alert") {
        const cancel = top.buttons.find((button) => button.role === "cancel");
        if (cancel) top.resolve(cancel.value);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [top]);

  // Ctrl+Z (⌘Z) runs the newest Undo toast's undo, outside text fields (there it undoes typing)
  // and while no dialog has the keyboard. A screen with its own Ctrl+Z stops the event first.
  const isBlocked = overlays.some(isBlockingOverlay);
  useEffect(() => {
    if (isBlocked) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.key.toLowerCase() !== "z") return;
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      if (undoLatest()) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isBlocked]);

  const toasts = overlays.filter((overlay) => overlay.kind === "toast");
  // Only the topmost dialog can be reached; those under it are inert like the page (Root).
  const topBlocking = overlays.findLastIndex(isBlockingOverlay);
  return (
    <>
      {overlays.map((overlay, index) =>
        overlay.kind === "toast" ? null : (
          <div key={overlay.id} className="overlay-layer" inert={index < topBlocking}>
            <OverlayView overlay={overlay} />
          </div>
        ),
      )}
      {toasts.length > 0 && (
        <div className="toast-stack">
          {toasts.map((toast) => (
            <div key={toast.id} className="toast" role="status">
              {toast.message}
              {toast.action && (
                <button type="button" className="toast-action" onClick={toast.action.run}>
                  {toast.action.label}
                </button>
              )}
            </div>
          ))}
        </div>
      )}
    </>
  );
}

function AlertView({ overlay }: { overlay: AlertOverlay }) {
  const dialog = useRef<HTMLDivElement>(null);
  const defaultButton = useRef<HTMLButtonElement>(null);
  // The last button is the default action, as on iOS; focus goes there for Enter.
  const onKeyDown = useDialogFocus(dialog, () => defaultButton.current);
  return (
    <div className="backdrop">
      <div
        ref={dialog}
        className="alert"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`alert-${overlay.id}`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="alert-body">
          <h2 id={`alert-${overlay.id}`} className="alert-title">
            {overlay.title}
          </h2>
          {overlay.message && <p className="alert-message">{overlay.message}</p>}
        </div>
        <div className="alert-buttons">
          {overlay.buttons.map((button, index) => (
            <button
              key={button.label}
              ref={index === overlay.buttons.length - 1 ? defaultButton : undefined}
              type="button"
              className={`alert-button alert-button-${button.role ?? "default"}`}
              onClick={() => overlay.resolve(button.value)}
            >
              {button.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

function ModalView({ overlay }: { overlay: ModalOverlay }) {
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(dialog);
  return (
    <div
      ref={dialog}
      className="modal"
      role="dialog"
      aria-modal="true"
      aria-label={overlay.label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <ModalGuardContext.Provider value={overlay.setGuard}>
        {overlay.render((value) => overlay.resolve(value))}
      </ModalGuardContext.Provider>
    </div>
  );
}

function OverlayView({ overlay }: { overlay: Exclude<Overlay, { kind: "toast" }> }) {
  const { t } = useTranslation();
  switch (overlay.kind) {
    case "alert":
      return <AlertView overlay={overlay} />;
    case "modal":
      return (
        // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click dismisses; Escape does the same from the keyboard
        <div
          className="backdrop backdrop-modal"
          onMouseDown={(event) =>
            event.target === event.currentTarget && overlay.resolve(undefined)
          }
        >
          <ModalView overlay={overlay} />
        </div>
      );
    case "popover": {
      const left = Math.max(
        8,
        Math.min(overlay.anchor.left, window.innerWidth - POPOVER_WIDTH_PX - 8),
      );
      return (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click outside closes the popover; Escape does the same from the keyboard
        <div
          className="backdrop backdrop-clear"
          onMouseDown={() => overlayStore.dismiss(overlay.id)}
        >
          <div
            className="popover"
            role="tooltip"
            style={{ top: overlay.anchor.bottom + 8, left, width: POPOVER_WIDTH_PX }}
            onMouseDown={(event) => event.stopPropagation()}
          >
            {overlay.content}
          </div>
        </div>
      );
    }
    case "loading":
      return (
        <div className="backdrop backdrop-clear loading-overlay">
          <div
            className="loading-box"
            role="progressbar"
            aria-label={overlay.message || t("common.loading")}
          >
            <span className="spinner" />
            {overlay.message && <span>{overlay.message}</span>}
          </div>
        </div>
      );
  }
}

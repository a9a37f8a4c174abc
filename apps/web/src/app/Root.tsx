import { OverlayHost } from "../overlays/OverlayHost";
import { isBlockingOverlay, useOverlays } from "../overlays/overlay-store";
import { SessionGate } from "../session/SessionGate";
import { AppShell } from "../shell/AppShell";

export function Root() {
  // While an alert or a modal is open, the page under it is inert: out of reach of Tab, the
  // pointer and screen readers (issue 12 §3, WCAG 2.4.3).
  const isBlocked = useOverlays().some(isBlockingOverlay);
  return (
    <>
      <div className="app-root" inert={isBlocked}>
        <SessionGate>
          <AppShell />
        </SessionGate>
      </div>
      <OverlayHost />
    </>
  );
}

import { OverlayHost } from "../overlays/OverlayHost";
import { SessionGate } from "../session/SessionGate";
import { AppShell } from "../shell/AppShell";

export function Root() {
  return (
    <>
      <SessionGate>
        <AppShell />
      </SessionGate>
      <OverlayHost />
    </>
  );
}

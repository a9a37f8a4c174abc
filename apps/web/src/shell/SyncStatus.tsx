import { ROOT_FOLDER_ID } from "@mnemo/domain";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { onCacheChanged } from "../offline/cache";
import type { Draft, RejectedEntry } from "../offline/cache-db";
import { draftPath } from "../offline/draft-key";
import { listLeftDrafts, onDraftsChanged } from "../offline/drafts";
import { createMemoLocally } from "../offline/local-writes";
import { dismissRejected, getSyncStatus, subscribeSyncStatus } from "../offline/sync-status";

// Loaded lazily by the shell (with the offline layer) once a user is signed in.
import { showError } from "../overlays/error-dialog";
import { presentModal } from "../overlays/modal";
import { showToast } from "../overlays/toast";
import { opLabelKey } from "./op-label";

export function useSyncStatus() {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}

/**
 * The sync state where the user sees it (issue 4): offline with the number of changes waiting,
 * changes being sent, the first download's progress, and changes the server refused (each with
 * its translated error; nothing is dropped silently).
 */
export default function SyncStatus() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const { isOnline, pending, download, rejected } = status;
  const drafts = useLeftDrafts();
  const items = [];
  for (const draft of drafts) {
    items.push(
      <p key={`draft-${draft.key}`} className="sync-line">
        {t("offline.draftLeft", { title: draft.title || t("offline.untitled") })}{" "}
        <Link to={draftPath(draft.key)}>{t("offline.draftContinue")}</Link>
      </p>,
    );
  }
  if (!isOnline) {
    items.push(
      <p key="offline" className="sync-line sync-offline">
        <span className="sync-dot" aria-hidden="true" />
        {pending > 0 ? t("offline.offlineWaiting", { count: pending }) : t("offline.offline")}
      </p>,
    );
  } else if (pending > 0) {
    items.push(
      <p key="sending" className="sync-line">
        <span className="spinner spinner-small" aria-hidden="true" />
        {t("offline.sending", { count: pending })}
      </p>,
    );
  }
  if (download) {
    // Until the first page tells how many items come, the bar is indeterminate (no value).
    const isCounted = download.total > 0;
    items.push(
      <div key="download" className="sync-line sync-download">
        <span>
          {isCounted
            ? t("offline.downloading", {
                done: download.done.toLocaleString(),
                total: download.total.toLocaleString(),
              })
            : t("offline.downloadStarting")}
        </span>
        <progress
          {...(isCounted ? { value: download.done, max: download.total } : {})}
          aria-label={t("offline.downloadLabel")}
        />
      </div>,
    );
  }
  if (rejected.length > 0) {
    items.push(
      <p key="rejected" className="sync-line sync-rejected">
        {t("offline.rejected", { count: rejected.length })}{" "}
        <button
          type="button"
          className="text-button"
          onClick={() =>
            void presentModal(t("offline.rejectedTitle"), (close) => (
              <RejectedChanges onClose={() => close()} />
            ))
          }
        >
          {t("offline.showRejected")}
        </button>
      </p>,
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="sync-status" role="status" aria-label={t("offline.statusLabel")}>
      {items}
    </section>
  );
}

/** Drafts a reload or a crash left behind, so the user can go back to them. */
function useLeftDrafts(): Draft[] {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  useEffect(() => {
    let isCurrent = true;
    const load = () =>
      void listLeftDrafts().then((list) => {
        if (isCurrent) setDrafts(list);
      });
    load();
    // The cache opening (a reload found drafts) and the drafts' own changes.
    const stopCache = onCacheChanged(load);
    const stopDrafts = onDraftsChanged(load);
    return () => {
      isCurrent = false;
      stopCache();
      stopDrafts();
    };
  }, []);
  return drafts;
}

/** The refused changes, each with what it was, why it was refused, and what can be done. */
function RejectedChanges({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { rejected } = useSyncStatus();

  const saveAsNewMemo = async (entry: RejectedEntry) => {
    if (!entry.text || entry.id === undefined) return;
    try {
      await createMemoLocally({
        folderId: ROOT_FOLDER_ID,
        title: entry.text.title || t("offline.untitled"),
        contents: entry.text.contents,
      });
      await dismissRejected(entry.id);
      showToast(t("offline.savedAsNew"));
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <div className="sync-rejected-sheet">
      <h2 className="section-title">{t("offline.rejectedTitle")}</h2>
      {rejected.length === 0 ? (
        <p className="muted">{t("offline.rejectedNone")}</p>
      ) : (
        <ul className="sync-rejected-list">
          {rejected.map((entry) => (
            <li key={entry.id} className="sync-rejected-item">
              <p className="sync-rejected-what">
                {t(opLabelKey(entry.op.kind))}
                {entry.text?.title ? ` · ${entry.text.title}` : ""}
              </p>
              <p className="sync-rejected-why">{t(`errors.${entry.code}`)}</p>
              <div className="sync-rejected-actions">
                {entry.text && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => void saveAsNewMemo(entry)}
                  >
                    {t("offline.saveAsNew")}
                  </button>
                )}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => entry.id !== undefined && void dismissRejected(entry.id)}
                >
                  {t("offline.dismiss")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="text-button" onClick={onClose}>
        {t("common.close")}
      </button>
    </div>
  );
}

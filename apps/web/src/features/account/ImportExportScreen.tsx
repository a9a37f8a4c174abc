import { ErrorCode, EXPORT_FORMATS, IMPORT_MAX_BYTES, type ImportJob } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import {
  type DragEvent,
  type FormEvent,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { invalidateCachedLists } from "../../api/cached-lists";
import { errorCodeOf } from "../../api/client";
import {
  exportPath,
  importKeys,
  useImport,
  useImports,
  useStartImport,
} from "../../api/imports.queries";
import { useFormat } from "../../i18n/format";
import { offline } from "../../offline/offline-lazy";
import { errorMessage } from "../../overlays/error-dialog";
import { isNative } from "../../platform/platform";
import { ListGroup } from "../../ui/List";
import { Page } from "../../ui/Page";
import { ImportJobView } from "./ImportJobView";

/** What the import screen lists as importable, in the order shown. */
const SOURCES = ["anki", "mnemo", "original", "markdown", "keep"] as const;

/**
 * Import and export (issue 11 §2–§3), under account settings: a file chosen or dropped is sent to
 * POST /api/imports and followed until its report; the three exports are plain downloads.
 */
export function ImportExportScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t("import.title")} backTo="/account-settings">
      <div className="account-screen">
        <ImportSection />
        <ExportSection />
      </div>
    </Page>
  );
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it is online (an import needs the server). */
function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** A file's size in kB or MB, in the interface language. */
function formatFileSize(locale: string, bytes: number): string {
  const isLarge = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: isLarge ? "megabyte" : "kilobyte",
    maximumFractionDigits: 1,
  }).format(isLarge ? bytes / 1024 / 1024 : Math.max(bytes / 1024, 0.1));
}

function ImportSection() {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const isOnline = useIsOnline();
  const [file, setFile] = useState<File | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const start = useStartImport();
  const imports = useImports();
  // The job this screen started, else the newest one (a running import survives a reload).
  const [startedId, setStartedId] = useState<string | null>(null);
  const newest = imports.data?.[0];
  const currentId = startedId ?? newest?.id ?? null;
  const current = useImport(currentId, newest).data;
  const isUpdating = useRefreshAfterImport(current);
  const isRunning = start.isPending || current?.status === "running";

  const fileSize = (bytes: number) => formatFileSize(locale, bytes);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setErrorCode(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !isOnline || isRunning) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setErrorCode(ErrorCode.IMPORT_TOO_LARGE);
      return;
    }
    setErrorCode(null);
    try {
      const job = await start.mutateAsync(file);
      setStartedId(job.id);
      setFile(null);
      if (input.current) input.current.value = "";
    } catch (error) {
      setErrorCode(errorCodeOf(error));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    // The input shows the dropped file too, so the keyboard path and the drop agree.
    if (input.current) input.current.files = event.dataTransfer.files;
    choose(dropped);
  };

  return (
    <>
      <form onSubmit={submit} className="import-form">
        <ListGroup header={t("import.import.header")} footer={t("import.import.footer")}>
          <li className="list-item import-body">
            <p className="import-sources-intro">{t("import.import.sourcesIntro")}</p>
            <ul className="import-sources">
              {SOURCES.map((source) => (
                <li key={source}>{t(`import.import.sources.${source}`)}</li>
              ))}
            </ul>
            <section
              className={isDragging ? "import-drop import-drop-active" : "import-drop"}
              aria-label={t("import.import.fileLabel")}
              onDragOver={(event) => {
                event.preventDefault();
                setIsDragging(true);
              }}
              onDragLeave={() => setIsDragging(false)}
              onDrop={onDrop}
            >
              <p className="import-drop-text">
                {t(isDragging ? "import.import.dropActive" : "import.import.drop")}
              </p>
              {/* The input itself stays focusable (hidden only from sight) and its label is the
                  visible button, so the keyboard, the screen reader and the text are all ours. */}
              <input
                id={inputId}
                ref={input}
                type="file"
                className="import-file visually-hidden"
                accept=".apkg,.colpkg,.zip,.json,application/zip,application/json"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
              />
              <div className="import-file-row">
                <label htmlFor={inputId} className="button button-secondary button-small">
                  {t("import.import.choose")}
                </label>
                <span className="import-chosen">
                  {file
                    ? t("import.import.chosen", { name: file.name, size: fileSize(file.size) })
                    : t("import.import.noFile")}
                </span>
              </div>
            </section>
            {!isOnline && <p className="import-note">{t("import.import.offline")}</p>}
            {errorCode && (
              <p className="import-error" role="alert">
                {errorMessage(errorCode)}
              </p>
            )}
            {start.isPending && (
              <div className="import-progress">
                <progress
                  className="import-progress-bar"
                  aria-label={t("import.import.uploading")}
                />
                <span className="import-progress-text">{t("import.import.uploading")}</span>
              </div>
            )}
            <button
              type="submit"
              className="button button-block"
              disabled={!file || !isOnline || isRunning}
            >
              {t("import.import.start")}
            </button>
          </li>
        </ListGroup>
      </form>
      {current && (
        <ListGroup header={t("import.job.header")}>
          <li className="list-item import-body">
            <ImportJobView job={current} isUpdating={isUpdating} />
          </li>
        </ListGroup>
      )}
    </>
  );
}

/**
 * Once an import is done, the offline cache pulls the server's changes now (the lists read the
 * cache), then the lists are refreshed. Answers whether that pull is under way.
 */
function useRefreshAfterImport(job: ImportJob | undefined): boolean {
  const client = useQueryClient();
  const refreshed = useRef(new Set<string>());
  const [isUpdating, setIsUpdating] = useState(false);
  const doneId = job?.status === "done" ? job.id : null;
  const hasFinished = job !== undefined && job.status !== "running";

  useEffect(() => {
    if (hasFinished) void client.invalidateQueries({ queryKey: importKeys.list() });
  }, [client, hasFinished]);

  useEffect(() => {
    if (!doneId || refreshed.current.has(doneId)) return;
    refreshed.current.add(doneId);
    setIsUpdating(true);
    void (async () => {
      try {
        await (await offline()).requestSync();
      } finally {
        invalidateCachedLists(client);
        setIsUpdating(false);
      }
    })();
  }, [client, doneId]);
  return isUpdating;
}

/**
 * The exports as plain same-origin links. The native app's page is not on the API's origin and
 * signs in with a bearer token a link cannot carry: there it says to export on the web.
 */
function ExportSection() {
  const { t } = useTranslation();
  if (isNative()) {
    return (
      <ListGroup header={t("import.export.header")}>
        <li className="list-item import-body">{t("import.export.onWeb")}</li>
      </ListGroup>
    );
  }
  return (
    <ListGroup header={t("import.export.header")} footer={t("import.export.footer")}>
      {EXPORT_FORMATS.map((format) => (
        <li key={format} className="list-item">
          {/* Same-origin: the session cookie goes with it, and the server names the file. */}
          <a className="list-item-link" href={exportPath(format)} download>
            <div className="list-item-main">
              <div className="list-item-label">{t(`import.export.${format}`)}</div>
              <div className="list-item-detail">{t(`import.export.${format}Detail`)}</div>
            </div>
            <span className="chevron" aria-hidden="true">
              ↓
            </span>
          </a>
        </li>
      ))}
    </ListGroup>
  );
}

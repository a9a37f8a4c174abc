import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Page } from "../../ui/Page";
import { MemoForm, MemoHelpButton } from "./MemoForm";
import { viewMemoPath } from "./MemoRow";

/**
 * upsert-private-memo?folderId=&memoId=: the memo form as a page. Without memoId it creates a
 * memo (in folderId, or a picked folder) and returns to that folder's memos; with memoId it
 * edits the memo and opens it.
 */
export function UpsertPrivateMemoScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const memoId = params.get("memoId") || undefined;
  const folderId = params.get("folderId") || undefined;
  const backTo = memoId
    ? viewMemoPath(memoId)
    : folderId
      ? `/private-memos/${encodeURIComponent(folderId)}`
      : "/private-folders";
  return (
    <Page
      title={memoId ? t("memos.form.updateTitle") : t("memos.form.addTitle")}
      backTo={backTo}
      actions={<MemoHelpButton />}
    >
      <div className="memos-page-form">
        <MemoForm
          key={memoId ?? "new"}
          memoId={memoId}
          folderId={folderId}
          onSaved={(memo) =>
            navigate(
              memoId
                ? viewMemoPath(memo.id)
                : `/private-memos/${encodeURIComponent(memo.folderId)}`,
              { replace: true },
            )
          }
        />
      </div>
    </Page>
  );
}

import { ATTACHMENT_TYPES } from "@mnemo/domain";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorCodeOf } from "../../api/client";
import { displayUrlOf, queueImage } from "../../offline/images";
import { errorMessage } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";

// Loaded only through React.lazy (see MemoForm): Tiptap and ProseMirror stay out of the first
// route's bundle.

export interface RichTextEditorProps {
  /** Sanitized HTML to start from. */
  initialHtml: string;
  /** The accessible name of the editing area. */
  label: string;
  /** Called on every change with the HTML and whether the document is empty. */
  onChange: (html: string, isEmpty: boolean) => void;
  /** Id of an element describing the editor (help text). */
  describedBy?: string;
  /** Called once the editor is on the page (it loads lazily), with a way to focus it. */
  onReady?: (focus: () => void) => void;
}

/**
 * Images as the server keeps them: a source (`/api/attachments/{id}`) and an alt text, nothing
 * else. On screen an image waiting for upload shows this device's copy (see offline/images.ts);
 * the HTML saved always names the server's path.
 */
const MemoImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  addNodeView() {
    return ({ node: initial }) => {
      const img = document.createElement("img");
      let shown = "";
      const show = (src: string, alt: string | null) => {
        if (alt) img.alt = alt;
        else img.removeAttribute("alt");
        if (src === shown) return;
        shown = src;
        void displayUrlOf(src).then((url) => {
          if (shown === src) img.src = url;
        });
      };
      show(initial.attrs.src, initial.attrs.alt);
      return {
        dom: img,
        update: (node) => {
          if (node.type !== initial.type) return false;
          show(node.attrs.src, node.attrs.alt);
          return true;
        },
      };
    };
  },
});

/** The image files among pasted or dropped data. */
function imageFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith("image/"));
}

/**
 * Keeps each image for upload and puts it in the memo at `at` (a document position) or at the
 * selection; a file refused (too large, not an image) is said in a toast.
 */
async function insertImages(editor: Editor, files: readonly File[], at?: number): Promise<void> {
  for (const file of files) {
    try {
      const { path } = await queueImage(file);
      const image = { type: "image", attrs: { src: path } };
      const chain = editor.chain().focus();
      (at === undefined ? chain.insertContent(image) : chain.insertContentAt(at, image)).run();
    } catch (error) {
      showToast(errorMessage(errorCodeOf(error)));
    }
  }
}

/** A rich-text editor (Tiptap 3 starter kit) with a small formatting toolbar and images. */
export default function RichTextEditor({
  initialHtml,
  label,
  onChange,
  describedBy,
  onReady,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const editorRef = useRef<Editor | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), MemoImage],
    content: initialHtml,
    editorProps: {
      handlePaste: (_view, event) => {
        const files = imageFilesOf(event.clipboardData);
        if (files.length === 0 || !editorRef.current) return false;
        void insertImages(editorRef.current, files);
        return true;
      },
      handleDrop: (view, event, _slice, isMove) => {
        const files = isMove ? [] : imageFilesOf(event.dataTransfer);
        if (files.length === 0 || !editorRef.current) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(editorRef.current, files, at);
        return true;
      },
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy && { "aria-describedby": describedBy }),
        class: "memos-editor-content rich-text",
        spellcheck: "true",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML(), current.isEmpty),
  });
  editorRef.current = editor;
  const announceReady = useRef(onReady);
  // useEditor can hand out an instance it has already destroyed (it makes a new one as the
  // component mounts): focusing that one threw, and the form's error boundary replaced the form.
  // Only a live editor is announced, and the focus goes to the latest one.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    announceReady.current?.(() => {
      const current = editorRef.current;
      if (current && !current.isDestroyed) current.commands.focus();
    });
  }, [editor]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      strike: current.isActive("strike"),
      heading: current.isActive("heading", { level: 2 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  const toggle = (name: keyof typeof state, labelKey: string, run: () => void, icon: ReactNode) => (
    <button
      type="button"
      className="memos-tool"
      aria-label={t(labelKey)}
      title={t(labelKey)}
      aria-pressed={Boolean(state[name])}
      // Keep the selection in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {icon}
    </button>
  );

  return (
    <div className="memos-editor">
      <div className="memos-toolbar" role="toolbar" aria-label={t("memos.editor.toolbar")}>
        {toggle("bold", "memos.editor.bold", () => chain().toggleBold().run(), <b>B</b>)}
        {toggle("italic", "memos.editor.italic", () => chain().toggleItalic().run(), <i>I</i>)}
        {toggle("strike", "memos.editor.strike", () => chain().toggleStrike().run(), <s>S</s>)}
        <span className="memos-toolbar-separator" aria-hidden="true" />
        {toggle(
          "heading",
          "memos.editor.heading",
          () => chain().toggleHeading({ level: 2 }).run(),
          <span className="memos-tool-text">H</span>,
        )}
        {toggle(
          "bulletList",
          "memos.editor.bulletList",
          () => chain().toggleBulletList().run(),
          <BulletIcon />,
        )}
        {toggle(
          "orderedList",
          "memos.editor.orderedList",
          () => chain().toggleOrderedList().run(),
          <NumberedIcon />,
        )}
        {toggle(
          "blockquote",
          "memos.editor.blockquote",
          () => chain().toggleBlockquote().run(),
          <QuoteIcon />,
        )}
        {toggle(
          "codeBlock",
          "memos.editor.codeBlock",
          () => chain().toggleCodeBlock().run(),
          <span className="memos-tool-text memos-tool-mono">{"{}"}</span>,
        )}
        <button
          type="button"
          className="memos-tool"
          aria-label={t("memos.editor.image")}
          title={t("memos.editor.image")}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => fileInput.current?.click()}
        >
          <ImageIcon />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ATTACHMENT_TYPES.join(",")}
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            void insertImages(editor, files);
          }}
        />
        <span className="memos-toolbar-separator" aria-hidden="true" />
        <button
          type="button"
          className="memos-tool"
          aria-label={t("memos.editor.undo")}
          title={t("memos.editor.undo")}
          disabled={!state.canUndo}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => chain().undo().run()}
        >
          <UndoIcon />
        </button>
        <button
          type="button"
          className="memos-tool"
          aria-label={t("memos.editor.redo")}
          title={t("memos.editor.redo")}
          disabled={!state.canRedo}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => chain().redo().run()}
        >
          <span className="memos-flip">
            <UndoIcon />
          </span>
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

function BulletIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="5" cy="7" r="1.6" fill="currentColor" />
      <circle cx="5" cy="12" r="1.6" fill="currentColor" />
      <circle cx="5" cy="17" r="1.6" fill="currentColor" />
      <path
        d="M9.5 7H20M9.5 12H20M9.5 17H20"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function NumberedIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      {/* The numerals drawn, not <text>: an icon's glyphs would count as the button's visible
          label, which its name "Numbered list" does not contain (WCAG 2.5.3). */}
      <path
        d="M3.5 4.5 5 3.5v6M3 13.5q1-1.5 2.2-1.2 1.4.5.4 2.2L3 18.5h3"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <path d="M9.5 7H20M9.5 17H20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function QuoteIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M9 7H5v5h3c0 2-1 3-3 3.5M19 7h-4v5h3c0 2-1 3-3 3.5"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <rect
        x="3.5"
        y="5"
        width="17"
        height="14"
        rx="2"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
      />
      <circle cx="9" cy="10" r="1.6" fill="currentColor" />
      <path
        d="m5 17 5-5 3 3 2-2 4 4"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function UndoIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

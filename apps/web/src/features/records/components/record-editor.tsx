import 'quill/dist/quill.snow.css';
import './record-editor.css';
import { limits, messages } from '@consultorio/shared';
import { Box } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, useState, type MouseEvent, type PointerEvent, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { afterContentPaint } from '../../../lib/after-paint';
import { loadOnce } from '../../../lib/load-once';
import { toast } from '../../../lib/toasts';
import { editorTextVariables } from './editor-labels';
import { editorToolbar } from './editor-toolbar';
import type QuillRecordEditor from './quill-record-editor';

/**
 * Where the caret goes as the editor is made: where the text was clicked (from the corner of the
 * editor's frame), at its end (reached from the keyboard), or nowhere yet (a mouse over it).
 */
export type EditorCaret = { at: 'point'; dx: number; dy: number } | { at: 'end' } | { at: 'none' };

/** Which of two wishes made before Quill came is kept: the more precise. */
const CARET_PRECISION: Record<EditorCaret['at'], number> = { none: 0, end: 1, point: 2 };

/** What the record page asks of the editor. */
export interface RecordEditorHandle {
  /** The text as HTML to save or print ('' when empty). */
  getHtml: () => string;
  /** Replaces the text (after a save whose answer differs from what was sent). */
  setHtml: (html: string) => void;
}

export interface RecordEditorProps {
  initialHtml: string;
  /** Called on every change the user makes. */
  onUserChange: () => void;
  /** A finalized record: the text is shown, not edited, and the toolbar is hidden. */
  readOnly?: boolean;
  ref: Ref<RecordEditorHandle>;
}

let quillEditor: typeof QuillRecordEditor | undefined;

/** Quill's chunk, fetched and run once per visit; later records find it ready. */
const loadQuillEditor = loadOnce(() => import('./quill-record-editor').then((loaded) => (quillEditor = loaded.default)));

/**
 * The record's rich-text editor. Quill (56 KB gzip with its parts) is a chunk of its own, fetched
 * and run once the record's text has been painted, not with the page (issue 34: the text is drawn
 * without waiting for it, nor sharing a slow link with it). The editor itself (a third of a second
 * of a phone's main thread, most of it in Quill's constructor) is made when the professional
 * reaches for the text: a mouse over it, a click or tap (the caret goes where it was), or the
 * focus from the keyboard (the caret goes to the end). Until then the saved text is shown as Quill
 * will show it, in the same room, as the same named text box, and the handle answers with it (a
 * text set meanwhile is the one Quill opens with). A finalized record is only read: Quill is never
 * loaded for it.
 */
export function RecordEditor({ initialHtml, onUserChange, readOnly = false, ref }: RecordEditorProps) {
  const quillRef = useRef<RecordEditorHandle>(null);
  const htmlRef = useRef(initialHtml);
  const [shownHtml, setShownHtml] = useState(initialHtml);
  const [isLoaded, setIsLoaded] = useState(quillEditor !== undefined);
  const [caret, setCaret] = useState<EditorCaret>();
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const savedTextRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (readOnly || isLoaded) return undefined;
    let isMounted = true;
    // Fetched ahead only: a failure here is left to the moment the editor is wanted.
    const load = () => loadQuillEditor().then(() => isMounted && setIsLoaded(true), () => undefined);
    const cancel = afterContentPaint(() => void load(), savedTextRef.current!);
    return () => {
      isMounted = false;
      cancel();
    };
  }, [readOnly, isLoaded]);

  useImperativeHandle(
    ref,
    () => ({
      getHtml: () => quillRef.current?.getHtml() ?? htmlRef.current,
      setHtml: (html: string) => {
        htmlRef.current = html;
        if (quillRef.current) quillRef.current.setHtml(html);
        // Until Quill is drawn, what it will open with.
        else setShownHtml(html);
      },
    }),
    [],
  );

  // A record finalized before the editor was made stays read: a pending wish is dropped.
  useEffect(() => {
    if (readOnly && !quillRef.current) setCaret(undefined);
  }, [readOnly]);

  /**
   * Makes the editor now, within the user's gesture (a phone shows its keyboard only then). Before
   * Quill's chunk has come, the wish waits for it, a later and more precise one replacing it (a
   * click after the mouse came over the text).
   */
  const reachFor = (wanted: EditorCaret) => {
    if (readOnly || (caret && quillEditor)) return;
    if (quillEditor) {
      flushSync(() => setCaret(wanted));
      return;
    }
    setCaret((pending) => (pending && CARET_PRECISION[pending.at] > CARET_PRECISION[wanted.at] ? pending : wanted));
    setHasLoadFailed(false);
    loadQuillEditor().then(
      () => setIsLoaded(true),
      (error: unknown) => failToLoad(error, wanted),
    );
  };
  /**
   * The chunk did not come when the editor was wanted: the saved text stays, the wish is dropped
   * and the next reach asks again (the page, and the record's drafts, are not touched). A mouse
   * only passing over the text is not told.
   */
  const failToLoad = (error: unknown, wanted: EditorCaret) => {
    console.error(error);
    if (!savedTextRef.current?.isConnected) return;
    setHasLoadFailed(true);
    setCaret(undefined);
    // A press gives the focus, then the click: one toast for both.
    if (wanted.at !== 'none') toast.error(messages.records.editorLoadFailure, { id: 'record-editor-load-failure' });
  };
  /** The professional left the text before the editor came: it will not take the focus back. */
  const leaveBeforeMade = () => {
    if (!quillEditor) setCaret((pending) => pending && { at: 'none' });
  };

  // Once made, the editor stays, also when the record is finalized meanwhile (it then stops editing).
  const Editor = quillEditor;
  if (!caret || !Editor) {
    return (
      <SavedText ref={savedTextRef} html={shownHtml} readOnly={readOnly} isEditorLoading={!readOnly && !isLoaded && !hasLoadFailed} isEditorReady={isLoaded} onReach={reachFor} onLeave={leaveBeforeMade} />
    );
  }
  return <Editor ref={quillRef} initialHtml={shownHtml} onUserChange={onUserChange} readOnly={readOnly} caret={caret} />;
}

interface SavedTextProps {
  html: string;
  readOnly: boolean;
  /** Quill's chunk has not come yet: the text box is said to be busy. */
  isEditorLoading: boolean;
  /** Quill's chunk has come: a press places the caret in it instead of focusing the saved text. */
  isEditorReady: boolean;
  /** The professional reached for the text: where the caret goes. */
  onReach: (caret: EditorCaret) => void;
  onLeave: () => void;
  ref: Ref<HTMLDivElement>;
}

/**
 * The saved text (sanitized by the server, as the history and the addenda show it) in Quill's
 * frame: an empty toolbar of the same groups, so that nothing moves when Quill takes its place.
 * Named and reached as the editor's text box; nothing is typed in it: reaching it makes the editor.
 */
function SavedText({ html, readOnly, isEditorLoading, isEditorReady, onReach, onLeave, ref }: SavedTextProps) {
  const reachHandlers = {
    tabIndex: 0,
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') onReach({ at: 'none' });
    },
    // With Quill at hand the click places the caret, not the focus a mouse press would give first;
    // while it loads the press focuses the saved text, so that leaving it can be told (onBlur).
    onMouseDown: (event: MouseEvent) => {
      if (isEditorReady) event.preventDefault();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      // A link in the text is edited, as in Quill, not followed.
      if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
      // From the frame's corner: the page may scroll before Quill comes.
      const frame = event.currentTarget.closest('.record-editor')!.getBoundingClientRect();
      onReach({ at: 'point', dx: event.clientX - frame.left, dy: event.clientY - frame.top });
    },
    onFocus: () => onReach({ at: 'end' }),
    onBlur: onLeave,
  };
  return (
    <Box
      ref={ref}
      bg="white"
      className="record-editor"
      data-readonly={readOnly || undefined}
      aria-busy={isEditorLoading || undefined}
      style={{ ...editorTextVariables, '--record-editor-min-height': `${limits.editorMinHeightPx}px` }}
    >
      <div className="ql-toolbar ql-snow" aria-hidden="true">
        {editorToolbar.map((group, index) => (
          <span key={index} className="ql-formats">
            {group.map((item, itemIndex) =>
              typeof item === 'string' || !('header' in item) ? (
                <span key={itemIndex} className="record-editor-button-room" />
              ) : (
                <span key={itemIndex} className="record-editor-picker-room" />
              ),
            )}
          </span>
        ))}
      </div>
      <div className="ql-container ql-snow">
        <div
          className="record-editor-saved-text"
          role="textbox"
          aria-multiline="true"
          aria-label={messages.records.content}
          aria-readonly={readOnly}
          {...(readOnly ? {} : reachHandlers)}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </Box>
  );
}

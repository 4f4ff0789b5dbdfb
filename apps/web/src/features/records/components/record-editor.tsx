import 'quill/dist/quill.snow.css';
import './record-editor.css';
import { limits } from '@consultorio/shared';
import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { afterContentPaint } from '../../../lib/after-paint';
import { editorTextVariables } from './editor-labels';
import { editorToolbar } from './editor-toolbar';

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

const QuillRecordEditor = lazy(() => import('./quill-record-editor'));

/**
 * The record's rich-text editor. Quill (56 KB gzip with its parts) is a chunk of its own, asked
 * for once the record's text has been painted, not with the page (issue 34: the text is drawn
 * without waiting for it, nor sharing a slow link with it). Until it arrives the saved text is
 * shown as Quill will show it, in the same room, and the handle answers with it (a text set
 * meanwhile is the one Quill opens with).
 */
export function RecordEditor({ initialHtml, onUserChange, readOnly = false, ref }: RecordEditorProps) {
  const quillRef = useRef<RecordEditorHandle>(null);
  const htmlRef = useRef(initialHtml);
  const [shownHtml, setShownHtml] = useState(initialHtml);
  const [isEditorWanted, setIsEditorWanted] = useState(false);
  const savedTextRef = useRef<HTMLDivElement>(null);

  // Asked for once the saved text is on the screen, whose room it then takes.
  useEffect(() => afterContentPaint(() => setIsEditorWanted(true), savedTextRef.current!), []);

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

  const savedText = <SavedText ref={savedTextRef} html={shownHtml} readOnly={readOnly} />;
  if (!isEditorWanted) return savedText;
  return (
    <Suspense fallback={savedText}>
      <QuillRecordEditor ref={quillRef} initialHtml={shownHtml} onUserChange={onUserChange} readOnly={readOnly} />
    </Suspense>
  );
}

/**
 * The saved text (sanitized by the server, as the history and the addenda show it) in Quill's
 * frame: an empty toolbar of the same groups, so that nothing moves when Quill takes its place.
 * Not a text box: nothing can be typed in it.
 */
function SavedText({ html, readOnly, ref }: { html: string; readOnly: boolean; ref: Ref<HTMLDivElement> }) {
  return (
    <Box
      ref={ref}
      bg="white"
      className="record-editor"
      data-readonly={readOnly || undefined}
      aria-busy="true"
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
        <div className="record-editor-saved-text" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </Box>
  );
}

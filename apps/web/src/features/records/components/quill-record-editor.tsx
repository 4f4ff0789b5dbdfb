import { limits, messages, recordImageTypes } from '@consultorio/shared';
import { Box } from '@mantine/core';
import Quill from 'quill';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { isBlankEditorHtml, normalizeSemanticHtml } from './editor-html';
import { editorToolbar } from './editor-toolbar';
import { editorTextVariables, nameLinkTooltip, nameToolbar } from './editor-labels';
import type { EditorCaret, RecordEditorProps } from './record-editor';


const formats = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'link', 'image', 'code-block'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('not a data URL'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Asks for an image and puts it where the cursor is, inside the text (as a data URI). */
function pickImage(quill: Quill): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = recordImageTypes.join(', ');
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (!file) return;
    void readAsDataUrl(file).then((dataUrl) => {
      const range = quill.getSelection(true);
      quill.insertEmbed(range.index, 'image', dataUrl, 'user');
      quill.setSelection(range.index + 1, 0, 'silent');
    });
  });
  input.click();
}

function loadHtml(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), 'silent');
}

/** The text's place under the screen's point, when the point is on the text. */
function textPlaceAt(root: HTMLElement, x: number, y: number): { node: Node; offset: number } | undefined {
  const position = document.caretPositionFromPoint?.(x, y);
  if (position) return root.contains(position.offsetNode) ? { node: position.offsetNode, offset: position.offset } : undefined;
  // Safari before 18.4.
  const range = document.caretRangeFromPoint?.(x, y);
  return range && root.contains(range.startContainer) ? { node: range.startContainer, offset: range.startOffset } : undefined;
}

/** Focuses the new editor with its caret where the saved text was clicked, else at the end. */
function placeCaret(quill: Quill, frame: HTMLElement, caret: EditorCaret): void {
  if (caret.at === 'none') return;
  quill.root.focus({ preventScroll: true });
  const corner = frame.getBoundingClientRect();
  const place = caret.at === 'point' ? textPlaceAt(quill.root, corner.left + caret.dx, corner.top + caret.dy) : undefined;
  if (!place) {
    quill.setSelection(quill.getLength() - 1, 0, 'user');
    return;
  }
  window.getSelection()?.collapse(place.node, place.offset);
  // Read now, as the user's own: a caret put in a link opens its box at once, as a click in Quill does.
  quill.selection.update('user');
}

/**
 * The record's rich-text editor (Quill 2, snow theme), a chunk of its own: record-editor.tsx shows
 * the text until the professional reaches for it, then makes this one with the caret where they did.
 */
export default function QuillRecordEditor({ initialHtml, onUserChange, readOnly = false, caret, ref }: RecordEditorProps & { caret: EditorCaret }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // Read once, when the editor is made; later changes go through the handle.
  const initialHtmlRef = useRef(initialHtml);
  const caretRef = useRef(caret);
  // A record finalized as its editor is made is not focused for typing.
  const readOnlyRef = useRef(readOnly);
  const onUserChangeRef = useRef(onUserChange);

  useEffect(() => {
    onUserChangeRef.current = onUserChange;
  }, [onUserChange]);

  // Made before the browser's next event: a key pressed with the click that asked for it lands in it.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = container.appendChild(document.createElement('div'));
    const quill = new Quill(host, {
      theme: 'snow',
      formats,
      modules: {
        toolbar: { container: editorToolbar, handlers: { image: () => pickImage(quill) } },
      },
    });
    const toolbarModule = quill.getModule('toolbar') as { container?: HTMLElement | null } | undefined;
    if (toolbarModule?.container) nameToolbar(toolbarModule.container);
    const tooltip = container.querySelector<HTMLElement>('.ql-tooltip');
    if (tooltip) nameLinkTooltip(tooltip);
    quill.root.setAttribute('aria-label', messages.records.content);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    loadHtml(quill, initialHtmlRef.current);
    quill.on('text-change', (_delta, _old, source) => {
      if (source === 'user') onUserChangeRef.current();
    });
    quillRef.current = quill;
    if (!readOnlyRef.current) placeCaret(quill, container, caretRef.current);
    return () => {
      quillRef.current = null;
      container.replaceChildren();
    };
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) return;
    quill.enable(!readOnly);
    quill.root.setAttribute('aria-readonly', String(readOnly));
  }, [readOnly]);

  useImperativeHandle(
    ref,
    () => ({
      getHtml: () => {
        const quill = quillRef.current;
        if (!quill) return initialHtmlRef.current;
        const html = normalizeSemanticHtml(quill.getSemanticHTML());
        return isBlankEditorHtml(html) ? '' : html;
      },
      setHtml: (html: string) => {
        const quill = quillRef.current;
        if (quill) loadHtml(quill, html);
      },
    }),
    [],
  );

  return (
    <Box
      ref={containerRef}
      bg="white"
      className="record-editor"
      data-readonly={readOnly || undefined}
      style={{ ...editorTextVariables, '--record-editor-min-height': `${limits.editorMinHeightPx}px` }}
    />
  );
}

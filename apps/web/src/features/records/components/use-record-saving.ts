import type { ClinicalRecord } from '@consultorio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { RecordEditorHandle } from './record-editor';
import { RecordSaver, type SaveStatus } from './record-saver';

export type { SaveStatus } from './record-saver';

/**
 * The record page's saver and what it says: it saves by itself, when the page is hidden or
 * closed, when the connection comes back, and when the record is left.
 */
export function useRecordSaving(record: ClinicalRecord, editor: RefObject<RecordEditorHandle | null>) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved', at: record.lastUpdateDate });
  const [saver] = useState(() => new RecordSaver({ record, queryClient, editor: () => editor.current, onStatus: setStatus }));

  useEffect(() => saver.serverRecordChanged(record), [saver, record]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    const onPageHide = () => saver.flush();
    const onOnline = () => saver.resume();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
    };
  }, [saver]);

  // Leaving the record (a confirmed navigation) saves what is unsaved. A layout effect: its
  // clean-up runs while the editor is still there to be read.
  useLayoutEffect(
    () => () => {
      saver.flush();
      saver.stop();
    },
    [saver],
  );

  return { saver, status };
}

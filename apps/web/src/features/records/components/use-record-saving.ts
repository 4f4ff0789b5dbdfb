import type { ClinicalRecord } from '@consultorio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { RecordEditorHandle } from './record-editor';
import { RecordSaver, type SaveStatus } from './record-saver';

export type { SaveStatus } from './record-saver';

/** The saver of each record open on this page, for `saveUnsavedText`. */
const openSavers = new Map<string, RecordSaver>();

/**
 * Saves what was typed in the record and not yet saved, before something else writes a new
 * version of it (an accepted scribe draft): otherwise the next autosave, sent on the old version,
 * would meet a conflict as if another window had changed it. Answers false when the save failed
 * (the page says why); true when there was nothing to save or the record is not open here.
 */
export async function saveUnsavedText(recordId: string): Promise<boolean> {
  const saver = openSavers.get(recordId);
  return !saver?.isDirty() || saver.save(false);
}

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
    openSavers.set(record.id, saver);
    return () => {
      if (openSavers.get(record.id) === saver) openSavers.delete(record.id);
    };
  }, [saver, record.id]);

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

import type { ClinicalRecord } from '@consultorio/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS, hasErrorCode } from '../../../lib/api-client';
import { getRecord, recordQueryKey, storeSavedRecord } from '../api/get-record';
import { saveRecordContent } from '../api/save-record-content';
import { keepDraft, removeDraft } from './record-drafts';
import type { RecordEditorHandle } from './record-editor';

/** What the line beside 'Salvar' says. */
export type SaveStatus =
  | { kind: 'saved'; at: string | null }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  /** The server could not be reached: the text is kept in this browser and sent again. */
  | { kind: 'offline' }
  /** Another window saved first: nothing is sent until the user chooses. */
  | { kind: 'conflict' }
  /** Finalized meanwhile (another window): the text can only become an addendum. */
  | { kind: 'finalized' }
  | { kind: 'failed'; message: string };

export const autosaveDelayMs = 2000;
export const retryDelayMs = 5000;

interface RecordSaverOptions {
  record: ClinicalRecord;
  queryClient: QueryClient;
  editor: () => RecordEditorHandle | null;
  onStatus: (status: SaveStatus) => void;
}

function httpStatusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : NETWORK_ERROR_STATUS;
}

/**
 * Saves one record's text: by itself a moment after typing stops, when asked, one save at a
 * time; keeps the text in the browser while the server cannot take it and retries; sends the
 * version it was edited from, so that a newer one (another window) stops the saving instead of
 * being overwritten.
 */
export class RecordSaver {
  /** The record's version the editor's text was taken from. */
  version: number;
  private readonly recordId: string;
  // Every change of the user counts one; what was saved last tells whether the text is dirty.
  private changes = 0;
  private savedChanges = 0;
  // After a conflict or a finalization nothing is sent until the user has chosen.
  private halted = false;
  // The page is gone: a save under way finishes, nothing new is scheduled.
  private stopped = false;
  // The user is choosing whether to leave without saving: nothing is sent unless asked.
  private held = false;
  private queue: Promise<boolean> = Promise.resolve(true);
  private timer: ReturnType<typeof setTimeout> | undefined;
  private status: SaveStatus;

  constructor(private readonly options: RecordSaverOptions) {
    this.recordId = options.record.id;
    this.version = options.record.version;
    this.status = { kind: 'saved', at: options.record.lastUpdateDate };
  }

  currentStatus(): SaveStatus {
    return this.status;
  }

  isDirty(): boolean {
    return this.changes !== this.savedChanges;
  }

  /** Called on every change the user makes in the editor. */
  changed(): void {
    this.changes += 1;
    if (this.halted) return;
    if (this.status.kind !== 'unsaved' && this.status.kind !== 'offline') this.setStatus({ kind: 'unsaved' });
    this.schedule(autosaveDelayMs);
  }

  /** Saves now, after any save already under way; resolves true once the server has the text. */
  save(autosave: boolean): Promise<boolean> {
    clearTimeout(this.timer);
    const next = this.queue.then(() => this.sendOnce(autosave));
    this.queue = next.catch(() => false);
    return next;
  }

  /** The page is hidden or left: the text goes to the browser's storage and, unless held, to the server. */
  flush(): void {
    clearTimeout(this.timer);
    if (!this.isDirty()) return;
    this.keepInBrowser();
    if (!this.halted && !this.held) void this.save(true);
  }

  /** The connection is back: what waits is sent at once. */
  resume(): void {
    if (this.isDirty() && !this.halted && !this.held) void this.save(true);
  }

  /**
   * While the leave dialog asks, no autosave is sent (a timer due meanwhile, a hidden page, the
   * connection back): 'Sair sem salvar' must find the server's text as it was. Explicit saves
   * ('Salvar e sair') still go.
   */
  hold(): void {
    this.held = true;
    clearTimeout(this.timer);
  }

  /** The dialog is gone without leaving ('Continuar editando'): unsaved text is saved as usual. */
  release(): void {
    this.held = false;
    if (this.isDirty() && !this.halted) this.schedule(autosaveDelayMs);
  }

  /** Takes the server's current version and text, dropping this window's unsaved text. */
  async reloadFromServer(): Promise<void> {
    const detail = await getRecord(this.recordId);
    this.options.queryClient.setQueryData(recordQueryKey(this.recordId), detail);
    this.version = detail.record.version;
    this.options.editor()?.setHtml(detail.record.content);
    this.savedChanges = this.changes;
    this.halted = false;
    removeDraft(this.recordId);
    this.setStatus({ kind: 'saved', at: detail.record.lastUpdateDate });
  }

  /** Saves this window's text over the newer version, which stays in the history. */
  async keepMine(): Promise<boolean> {
    const detail = await getRecord(this.recordId);
    this.version = detail.record.version;
    this.halted = false;
    return this.save(false);
  }

  /** Puts a text kept in this browser back in the editor, to be saved like a typed one. */
  restoreText(content: string): void {
    this.options.editor()?.setHtml(content);
    this.changed();
  }

  /** Leaves without saving: the unsaved text is dropped, from the browser too. */
  discard(): void {
    clearTimeout(this.timer);
    this.savedChanges = this.changes;
    removeDraft(this.recordId);
  }

  /** A newer version read from the server (another window, a restore) replaces an untouched text. */
  serverRecordChanged(record: ClinicalRecord): void {
    if (record.version <= this.version || this.isDirty()) return;
    this.version = record.version;
    this.options.editor()?.setHtml(record.content);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.options.onStatus(status);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped || this.held) return;
    this.timer = setTimeout(() => {
      this.keepInBrowser();
      void this.save(true);
    }, delayMs);
  }

  private keepInBrowser(): void {
    const html = this.options.editor()?.getHtml();
    if (html !== undefined && this.isDirty()) keepDraft(this.recordId, html, this.version);
  }

  private async sendOnce(autosave: boolean): Promise<boolean> {
    const editor = this.options.editor();
    if (!editor || this.halted) return false;
    if (!this.isDirty()) return true;
    const content = editor.getHtml();
    const sentAt = this.changes;
    this.setStatus({ kind: 'saving' });
    try {
      const response = await saveRecordContent({ recordId: this.recordId, content, version: this.version, autosave });
      this.stored(response.data.record, content, sentAt);
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  private stored(saved: ClinicalRecord, sentContent: string, sentAt: number): void {
    const { queryClient } = this.options;
    this.version = saved.version;
    void storeSavedRecord(queryClient, saved);
    if (this.changes !== sentAt) {
      // Typed while saving: that part is still unsaved, and the server's answer would erase it.
      this.setStatus({ kind: 'unsaved' });
      this.schedule(autosaveDelayMs);
      return;
    }
    this.savedChanges = sentAt;
    removeDraft(this.recordId);
    if (saved.content !== sentContent) this.options.editor()?.setHtml(saved.content);
    this.setStatus({ kind: 'saved', at: saved.lastUpdateDate ?? new Date().toISOString() });
  }

  private failed(error: unknown): void {
    const httpStatus = httpStatusOf(error);
    this.keepInBrowser();
    if (hasErrorCode(error, 'RECORD_VERSION_CONFLICT')) {
      this.halted = true;
      this.setStatus({ kind: 'conflict' });
    } else if (hasErrorCode(error, 'RECORD_FINALIZED')) {
      this.halted = true;
      this.setStatus({ kind: 'finalized' });
      void this.options.queryClient.invalidateQueries({ queryKey: recordQueryKey(this.recordId) });
    } else if (httpStatus === NETWORK_ERROR_STATUS || httpStatus >= 500) {
      this.setStatus({ kind: 'offline' });
      this.schedule(retryDelayMs);
    } else {
      this.setStatus({ kind: 'failed', message: error instanceof Error ? error.message : '' });
    }
  }
}

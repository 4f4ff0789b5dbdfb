/**
 * The editor's text kept in this browser while it has not reached the server (no connection,
 * the tab closed before the autosave), one entry per record, removed once the server has it.
 */
export interface RecordDraft {
  content: string;
  /** The record's version the text was edited from. */
  baseVersion: number;
  /** When it was kept (ISO). */
  keptAt: string;
}

const keyPrefix = 'consultorio.record-draft.';

function keyOf(recordId: string): string {
  return `${keyPrefix}${recordId}`;
}

function isDraft(value: unknown): value is RecordDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return typeof draft.content === 'string' && typeof draft.baseVersion === 'number' && typeof draft.keptAt === 'string';
}

export function readDraft(recordId: string): RecordDraft | null {
  try {
    const stored = window.localStorage.getItem(keyOf(recordId));
    if (stored === null) return null;
    const parsed: unknown = JSON.parse(stored);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** False when the browser refused it (storage full or disabled): the text is then only in the editor. */
export function keepDraft(recordId: string, content: string, baseVersion: number, now = new Date()): boolean {
  const draft: RecordDraft = { content, baseVersion, keptAt: now.toISOString() };
  try {
    window.localStorage.setItem(keyOf(recordId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(recordId: string): void {
  try {
    window.localStorage.removeItem(keyOf(recordId));
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/** A kept text worth offering back on opening the record: one that differs from what the server has. */
export function draftToOffer(recordId: string, serverContent: string): RecordDraft | null {
  const draft = readDraft(recordId);
  if (draft === null) return null;
  if (draft.content === serverContent) {
    removeDraft(recordId);
    return null;
  }
  return draft;
}

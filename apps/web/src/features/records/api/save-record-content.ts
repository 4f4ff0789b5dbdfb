import { recordsApi } from '@consultorio/shared';
import { apiClient } from '../../../lib/api-client';

export interface SaveRecordContentVariables {
  recordId: string;
  /** The editor's HTML; the server keeps only the editor's formats. */
  content: string;
  /** The version the text was edited from: the server answers 409 when a newer one exists. */
  version: number;
  /** A save the editor made by itself (kept as one version per pause, not one per keystroke). */
  autosave?: boolean;
}

export function saveRecordContent({ recordId, content, version, autosave }: SaveRecordContentVariables) {
  return apiClient.call(recordsApi.saveContent, { params: { id: recordId }, body: { content, version, autosave } });
}

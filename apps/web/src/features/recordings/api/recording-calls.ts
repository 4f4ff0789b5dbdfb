import { recordingsApi, type RecordingAcceptRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordingsQueryKey } from './list-recordings';

// The calls of a recording's life, each one request; every one marks the record's list stale.

export function startRecording(recordId: string) {
  return apiClient.call(recordingsApi.create, { params: { id: recordId }, body: { consent: true } });
}

/** One chunk of audio, numbered from 0; sending a number again replaces it. */
export function uploadChunk(recordingId: string, n: number, audio: Blob) {
  return apiClient.call(recordingsApi.putChunk, { params: { id: recordingId, n }, body: audio });
}

export function finishRecording(recordingId: string, chunkCount: number) {
  return apiClient.call(recordingsApi.finish, { params: { id: recordingId }, body: { chunkCount } });
}

function useRecordingMutation<V, R>(recordId: string, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordingsQueryKey(recordId) }),
  });
}

/** 'Tentar novamente' after a failed transcription or draft. */
export function useRetryRecording(recordId: string) {
  return useRecordingMutation(recordId, (recordingId: string) => apiClient.call(recordingsApi.retry, { params: { id: recordingId } }));
}

/** 'Refazer rascunho': the draft written again in another note template (the recording goes back to 'drafting'). */
export function useRedraftRecording(recordId: string) {
  return useRecordingMutation(recordId, ({ recordingId, noteTemplateId }: { recordingId: string; noteTemplateId: string }) =>
    apiClient.call(recordingsApi.redraft, { params: { id: recordingId }, body: { noteTemplateId } }),
  );
}

/** Writes the edited draft into the record as a new version; answers the saved record. */
export function useAcceptDraft(recordId: string) {
  return useRecordingMutation(recordId, async ({ recordingId, ...body }: RecordingAcceptRequest & { recordingId: string }) =>
    apiClient.call(recordingsApi.accept, { params: { id: recordingId }, body }),
  );
}

export function useDeleteRecording(recordId: string) {
  return useRecordingMutation(recordId, (recordingId: string) => apiClient.call(recordingsApi.remove, { params: { id: recordingId } }));
}

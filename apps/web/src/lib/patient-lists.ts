import { agendaApi, formsApi, recordsApi } from '@consultorio/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { formListQueryKey, patientSessionsQueryKey, recordListQueryKey } from './query-keys';

/**
 * A patient's forms and records, read by their own feature and by the chats feature ('Enviar
 * formulário', 'Enviar prontuário'). One cache entry must have one fetch, so both live here.
 */
export function formListQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: formListQueryKey(patientId),
    queryFn: async ({ signal }) => {
      const response = await apiClient.call(formsApi.list, { params: { id: patientId }, signal });
      return response.data.forms;
    },
  });
}

export function recordListQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: recordListQueryKey(patientId),
    queryFn: async ({ signal }) => {
      const response = await apiClient.call(recordsApi.list, { params: { id: patientId }, signal });
      return response.data.records;
    },
  });
}

/** The patient's sessions, newest first (the agenda and the documents features read them). */
export function patientSessionsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientSessionsQueryKey(patientId),
    queryFn: async ({ signal }) => {
      const response = await apiClient.call(agendaApi.patientSessions, { params: { id: patientId }, signal });
      return response.data.appointments;
    },
  });
}

import { messages, recordsApi } from '@consultorio/shared';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiClient } from '../../../lib/api-client';
import { recordListQueryOptions } from '../../../lib/patient-lists';
import { recordListQueryKey } from '../../../lib/query-keys';
import { toast } from '../../../lib/toasts';
import { SessionRecorder } from './session-recorder';

const vm = messages.video;

interface RoomRecorderProps {
  appointment: { id: string; patientId: string };
  timeZone: string;
  /** The professional's microphone and the patient's audio from the call, mixed into the recording. */
  audioSources: readonly MediaStream[];
  onRecordingChange: (recording: boolean) => void;
}

/**
 * 'Gravar sessão' in the video room: the scribe's recorder on the appointment's session note
 * (made when the professional first presses it), recording both voices of the call.
 */
export function RoomRecorder({ appointment, timeZone, audioSources, onRecordingChange }: RoomRecorderProps) {
  const queryClient = useQueryClient();
  const { data: records } = useQuery(recordListQueryOptions(appointment.patientId));
  const [created, setCreated] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const note = records?.find((record) => record.appointmentId === appointment.id);
  const recordId = created ?? note?.id ?? null;

  const createNote = async () => {
    setCreating(true);
    try {
      const response = await apiClient.call(recordsApi.create, { params: { id: appointment.patientId }, body: { appointmentId: appointment.id } });
      setCreated(response.data.record.id);
    } catch (error) {
      // Made meanwhile in another tab (409): the list, asked again, has it.
      toast.error(error instanceof ApiError ? error.message : messages.requestErrors.generic);
    } finally {
      setCreating(false);
      void queryClient.invalidateQueries({ queryKey: recordListQueryKey(appointment.patientId) });
    }
  };

  if (!records) return null;
  if (recordId) {
    return (
      <SessionRecorder
        recordId={recordId}
        readOnly={note?.finalizedAt != null}
        timeZone={timeZone}
        onAccepted={() => void queryClient.invalidateQueries({ queryKey: recordListQueryKey(appointment.patientId) })}
        audioSources={audioSources}
        onRecordingChange={onRecordingChange}
        initiallyOpen={created !== null}
      />
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="room-recording-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="room-recording-title">
          {messages.recordings.sectionTitle}
        </Title>
        <Text size="sm">{vm.recordInRoomHint}</Text>
        <Button variant="default" leftSection={<IconMicrophone size={18} />} loading={creating} onClick={() => void createNote()}>
          {messages.recordings.record}
        </Button>
      </Stack>
    </Paper>
  );
}

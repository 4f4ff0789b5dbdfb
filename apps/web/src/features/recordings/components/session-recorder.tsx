import { messages, type ClinicalRecord, type Recording } from '@consultorio/shared';
import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone, IconPlayerStop, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { recordingsQueryKey, useRecordings } from '../api/list-recordings';
import { finishRecording, startRecording, useAcceptDraft, useDeleteRecording, useRedraftRecording, useRetryRecording } from '../api/recording-calls';
import { clockText, useSessionRecorder } from './use-session-recorder';
import './session-recorder.css';

// Drawn only when a draft awaits review: its template chooser (Mantine's Select, floating-ui: 26 KB
// gzip) is not part of what a record draws first (issue 34).
const DraftReview = lazy(async () => ({ default: (await import('./draft-review')).DraftReview }));

const m = messages.recordings;

interface SessionRecorderProps {
  recordId: string;
  /** A finalized record takes no new text. */
  readOnly: boolean;
  timeZone: string;
  /** The record as saved by an accepted draft (the page shows its new version). */
  onAccepted: (record: ClinicalRecord) => void;
  /** Before a draft is accepted: the record's unsaved text is saved (false: it could not be, and nothing is accepted). */
  beforeAccept?: () => Promise<boolean>;
  /** In an online session: the streams whose audio is mixed and recorded (the microphone and the other participant's). */
  audioSources?: readonly MediaStream[];
  /** Told when this page starts and stops recording (the video room tells the patient). */
  onRecordingChange?: (recording: boolean) => void;
  /** The consent step shows at once (the room's 'Gravar sessão' was already pressed). */
  initiallyOpen?: boolean;
}

/** 'Gravar sessão': consent first, then the microphone in chunks, the transcript and the draft, and its acceptance into the record. */
export function SessionRecorder({ recordId, readOnly, timeZone, onAccepted, beforeAccept, audioSources, onRecordingChange, initiallyOpen = false }: SessionRecorderProps) {
  const queryClient = useQueryClient();
  const { data } = useRecordings(recordId);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: recordingsQueryKey(recordId) }), [queryClient, recordId]);
  const recorder = useSessionRecorder(refresh, audioSources);
  const [isOpen, setOpen] = useState(initiallyOpen);
  const isRecording = recorder.state.recordingId !== null;
  useEffect(() => onRecordingChange?.(isRecording), [isRecording, onRecordingChange]);
  const [consent, setConsent] = useState(false);
  const [starting, setStarting] = useState(false);

  if (!data || readOnly) return null;
  const latest = data.recordings[0];
  const active = latest && (!latest.acceptedAt || latest.status !== 'ready') ? latest : undefined;

  const begin = async () => {
    setStarting(true);
    try {
      const created = (await startRecording(recordId)).data.recording;
      // The consent is this session's: the next recording asks for it again.
      setConsent(false);
      setOpen(false);
      if (await recorder.start(created.id, 0)) toast.success(m.started);
      refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : messages.requestErrors.generic);
    } finally {
      setStarting(false);
    }
  };

  const resume = async (recording: Recording) => {
    if (await recorder.start(recording.id, recording.chunkCount)) toast.success(m.resumed);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="session-recording-title">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="session-recording-title">
            {m.sectionTitle}
          </Title>
          {!active && recorder.state.recordingId === null && (
            <Button variant="default" leftSection={<IconMicrophone size={18} />} onClick={() => setOpen((open) => !open)} aria-expanded={isOpen}>
              {m.record}
            </Button>
          )}
        </Group>
        {isOpen && !active && recorder.state.recordingId === null && (
          <ConsentStep
            enabled={data.transcriptionEnabled}
            consent={consent}
            onConsent={setConsent}
            starting={starting}
            onStart={() => void begin()}
          />
        )}
        {recorder.state.recordingId !== null ? (
          <LiveRecording startedAt={recorder.state.startedAt ?? 0} sent={recorder.state.sent} stopping={recorder.state.stopping} onStop={() => void recorder.stop()} />
        ) : (
          active && (
            <RecordingState
              recording={active}
              recordId={recordId}
              timeZone={timeZone}
              onResume={() => void resume(active)}
              onAccepted={onAccepted}
              beforeAccept={beforeAccept}
            />
          )
        )}
      </Stack>
    </Paper>
  );
}

function ConsentStep(props: { enabled: boolean; consent: boolean; onConsent: (value: boolean) => void; starting: boolean; onStart: () => void }) {
  if (!props.enabled) {
    return (
      <Alert color="gray" title={m.notConfiguredTitle}>
        {m.notConfigured}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Checkbox label={m.consentLabel} description={m.consentHint} checked={props.consent} onChange={(event) => props.onConsent(event.currentTarget.checked)} />
      <Group>
        <Button leftSection={<IconMicrophone size={18} />} disabled={!props.consent} loading={props.starting} onClick={props.onStart}>
          {m.start}
        </Button>
      </Group>
    </Stack>
  );
}

function LiveRecording({ startedAt, sent, stopping, onStop }: { startedAt: number; sent: number; stopping: boolean; onStop: () => void }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((Date.now() - startedAt) / 1000), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return (
    <Group justify="space-between" wrap="wrap">
      <Stack gap={0}>
        <Text fw={600} role="status">
          {stopping ? m.finishing : m.recordingNow(clockText(seconds))}
        </Text>
        <Text size="sm" c="dimmed">
          {m.chunksSent(sent)}
        </Text>
      </Stack>
      <Button color="red" leftSection={<IconPlayerStop size={18} />} onClick={onStop} loading={stopping}>
        {m.stop}
      </Button>
    </Group>
  );
}

interface RecordingStateProps {
  recording: Recording;
  recordId: string;
  timeZone: string;
  onResume: () => void;
  onAccepted: (record: ClinicalRecord) => void;
  beforeAccept: (() => Promise<boolean>) | undefined;
}

function RecordingState({ recording, recordId, timeZone, onResume, onAccepted, beforeAccept }: RecordingStateProps) {
  const retry = useRetryRecording(recordId);
  const accept = useAcceptDraft(recordId);
  const redraft = useRedraftRecording(recordId);
  const remove = useDeleteRecording(recordId);
  const queryClient = useQueryClient();
  const [isSavingText, setSavingText] = useState(false);
  const acceptAfterSaving = async (content: string, keepTranscript: boolean) => {
    setSavingText(true);
    const isTextSaved = (await beforeAccept?.()) ?? true;
    setSavingText(false);
    if (isTextSaved) accept.mutate({ recordingId: recording.id, content, keepTranscript }, { onSuccess: (response) => onAccepted(response.data.record) });
  };
  const finish = async () => {
    try {
      const response = await finishRecording(recording.id, recording.chunkCount);
      if (response.message) toast.success(response.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : messages.requestErrors.generic);
    }
    await queryClient.invalidateQueries({ queryKey: recordingsQueryKey(recordId) });
  };
  const deleteButton = (
    <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => remove.mutate(recording.id)} loading={remove.isPending}>
      {m.deleteRecording}
    </Button>
  );

  return (
    <Stack>
      <Text size="xs" c="dimmed">
        {m.consentedAt(formatDateTime(recording.consentedAt, timeZone))}
      </Text>
      {recording.status === 'recording' && (
        <Stack gap="xs">
          <Alert color="yellow">{m.interrupted}</Alert>
          <Group>
            <Button leftSection={<IconMicrophone size={18} />} onClick={onResume}>
              {m.resume}
            </Button>
            <Button variant="default" leftSection={<IconPlayerStop size={18} />} onClick={() => void finish()} disabled={recording.chunkCount === 0}>
              {m.stop}
            </Button>
            {deleteButton}
          </Group>
        </Stack>
      )}
      {(recording.status === 'transcribing' || recording.status === 'drafting') && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{m.status[recording.status]}</Text>
        </Group>
      )}
      {recording.status === 'failed' && (
        <Alert color="red" title={m.status.failed}>
          <Stack gap="xs">
            {recording.failure && <Text size="sm">{recording.failure}</Text>}
            <Group>
              <Button leftSection={<IconRefresh size={18} />} onClick={() => retry.mutate(recording.id)} loading={retry.isPending}>
                {m.retry}
              </Button>
              {deleteButton}
            </Group>
          </Stack>
        </Alert>
      )}
      {recording.status === 'ready' && !recording.acceptedAt && (
        <>
          <Suspense fallback={<Loader size="sm" aria-label={messages.app.loading} />}>
            <DraftReview
              // A draft written again (another template) starts the review afresh, even when the
              // list never saw it 'drafting' (the job can finish between two refreshes).
              key={`${recording.noteTemplateId ?? ''}:${(recording.draft?.sections ?? []).map((section) => section.title).join('|')}`}
              recording={recording}
              accepting={isSavingText || accept.isPending}
              onAccept={(content, keepTranscript) => void acceptAfterSaving(content, keepTranscript)}
              redrafting={redraft.isPending}
              onRedraft={(noteTemplateId) => redraft.mutate({ recordingId: recording.id, noteTemplateId })}
            />
          </Suspense>
          <Group justify="flex-end">{deleteButton}</Group>
        </>
      )}
    </Stack>
  );
}

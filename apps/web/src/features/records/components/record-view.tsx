import { messages } from '@consultorio/shared';
import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconPrinter } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BackLink } from '../../../components/back-link';
import { ItemDetailsPanel } from '../../../components/item-details-panel';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatDateTimeOrDash, fullName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toasts';
import { useCurrentUser } from '../../../lib/session';
import { useRecordDetail, type RecordDetail } from '../api/get-record';
import { useSaveRecordContent } from '../api/save-record-content';
import { printRecord } from './print-record';
import { RecordAttachments } from './record-attachments';
import { RecordEditor, type RecordEditorHandle } from './record-editor';

interface RecordViewProps {
  patientId: string;
  recordId: string;
}

/** One of the patient's records: its dates, the rich-text editor, printing and the attachments. */
export function RecordView({ patientId, recordId }: RecordViewProps) {
  const { data: detail, isPending } = useRecordDetail(recordId);

  if (isPending) return <PageLoader />;
  // A missing record (or one of another patient, reached by editing the address) shows nothing
  // but the way back; a failed fetch has already shown its toast.
  if (!detail || detail.record.patientId !== patientId) return <BackToList patientId={patientId} />;
  return <RecordScreen key={detail.record.id} detail={detail} />;
}

function BackToList({ patientId }: { patientId: string }) {
  return <BackLink to={paths.patientRecords(patientId)} label={messages.records.backToList} />;
}

function RecordScreen({ detail }: { detail: RecordDetail }) {
  const { record, recordsAttachments, patient } = detail;
  const user = useCurrentUser();
  const saveContent = useSaveRecordContent();
  const editorRef = useRef<RecordEditorHandle>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  // Every change of the user counts one; what was saved last is remembered to know if the text is dirty.
  const changeCount = useRef(0);
  const savedChangeCount = useRef(0);
  // The content the editor last took from or gave to the server.
  const syncedContent = useRef(record.content);
  // The version the editor's text was taken from; every save sends it.
  const editedVersion = useRef(record.version);

  const countChange = useCallback(() => {
    changeCount.current += 1;
  }, []);

  // Leaving the page (reload, close, another address) with unsaved text asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (changeCount.current === savedChangeCount.current) return;
      event.preventDefault();
      event.returnValue = messages.records.unsavedChanges;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  // A newer content read from the server (e.g. after an upload's refetch) replaces an untouched text only.
  useEffect(() => {
    if (record.content === syncedContent.current) return;
    if (changeCount.current !== savedChangeCount.current) return;
    editorRef.current?.setHtml(record.content);
    syncedContent.current = record.content;
  }, [record.content]);

  const save = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const content = editor.getHtml();
    const sentAt = changeCount.current;
    setSaveFailed(false);
    saveContent.mutate(
      { recordId: record.id, content, version: editedVersion.current },
      {
        onSuccess: (response) => {
          const saved = response.data.record.content;
          syncedContent.current = saved;
          editedVersion.current = response.data.record.version;
          // Typed while saving: keep it (still unsaved), the server's version would erase it.
          if (changeCount.current !== sentAt) return;
          savedChangeCount.current = sentAt;
          if (saved !== content) editor.setHtml(saved);
        },
        // The text stays as typed; the toast says why, this says what to do.
        onError: () => setSaveFailed(true),
      },
    );
  };

  const print = () => {
    const opened = printRecord({
      professionalTitle: user.title,
      professionalName: fullName(user.firstName, user.lastName),
      profession: user.profession,
      patientName: patient.fullName,
      recordName: record.name,
      createdAt: formatDateTime(record.creationDate),
      updatedAt: formatDateTimeOrDash(record.lastUpdateDate),
      contentHtml: editorRef.current?.getHtml() ?? record.content,
    });
    if (!opened) toast.error(messages.records.printBlocked);
  };

  return (
    <Stack>
      <BackToList patientId={record.patientId} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <ItemDetailsPanel item={record} labels={messages.records}>
              {record.aiAssistantName !== null && (
                <Text size="sm" c="dimmed">
                  {messages.records.writtenBy(record.aiAssistantName)}
                </Text>
              )}
            </ItemDetailsPanel>
            <RecordAttachments recordId={record.id} attachments={recordsAttachments} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <RecordEditor
              ref={editorRef}
              initialHtml={record.content}
              onUserChange={countChange}
            />
            {saveFailed && (
              <Alert color="red" role="alert">
                {messages.records.saveFailed}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={print}>
                {messages.records.print}
              </Button>
              <Button leftSection={<IconDeviceFloppy size={18} />} onClick={save} disabled={saveContent.isPending}>
                {saveContent.isPending ? messages.common.saving : messages.common.save}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

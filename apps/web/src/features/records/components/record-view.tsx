import { messages } from '@consultorio/shared';
import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceFloppy, IconHistory, IconLock, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { BackLink } from '../../../components/back-link';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ItemDetailsPanel } from '../../../components/item-details-panel';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatDateTimeOrDash, fullName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toasts';
import { useCurrentUser } from '../../../lib/session';
import { useFinalizeRecord } from '../api/finalize-record';
import { isMissingRecord, useRecordDetail, type RecordDetail } from '../api/get-record';
import { useRestoreRecordVersion } from '../api/restore-record-version';
import { printRecord } from './print-record';
import { RecordAddenda } from './record-addenda';
import { RecordAttachments } from './record-attachments';
import { draftToOffer, removeDraft, type RecordDraft } from './record-drafts';
import { RecordDraftOffer } from './record-draft-offer';
import { RecordEditor, type RecordEditorHandle } from './record-editor';
import { RecordHistory } from './record-history';
import { RecordLeaveGuard } from './record-leave-guard';
import { RecordSaveProblem, RecordSaveStatus } from './record-save-status';
import { useRecordSaving } from './use-record-saving';

interface RecordViewProps {
  patientId: string;
  recordId: string;
}

/** One of the patient's records: its dates, the rich-text editor, printing and the attachments. */
export function RecordView({ patientId, recordId }: RecordViewProps) {
  const { data: detail, isPending, error } = useRecordDetail(recordId);

  if (isPending) return <PageLoader />;
  if (detail?.record.patientId === patientId) return <RecordScreen key={detail.record.id} detail={detail} />;
  // Another patient's record (reached by editing the address) or a missing one says so, with the
  // way back; any other failed fetch has shown its toast.
  return (
    <Stack align="flex-start">
      {(detail !== undefined || isMissingRecord(error)) && <Text>{messages.errors.recordNotFound}</Text>}
      <BackToList patientId={patientId} />
    </Stack>
  );
}

function BackToList({ patientId }: { patientId: string }) {
  return <BackLink to={paths.patientRecords(patientId)} label={messages.records.backToList} />;
}

function RecordScreen({ detail }: { detail: RecordDetail }) {
  const { record, recordsAttachments, patient, recordAddenda } = detail;
  const user = useCurrentUser();
  const editorRef = useRef<RecordEditorHandle>(null);
  const { saver, status } = useRecordSaving(record, editorRef);
  const isFinalized = record.finalizedAt !== null;
  const [draft, setDraft] = useState<RecordDraft | null>(() => (isFinalized ? null : draftToOffer(record.id, record.content)));
  const [isHistoryOpen, history] = useDisclosure(false);
  const [isConfirmingFinalize, finalizeConfirmation] = useDisclosure(false);
  const finalize = useFinalizeRecord();
  const restore = useRestoreRecordVersion();

  // Closing the tab or reloading with unsaved text asks first (the browser's own dialog).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!saver.isDirty()) return;
      event.preventDefault();
      event.returnValue = messages.records.unsavedChanges;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver]);

  const saveExplicitly = async () => {
    if (!saver.isDirty()) {
      toast.success(messages.records.saved);
      return;
    }
    if (await saver.save(false)) toast.success(messages.records.saved);
  };

  const restoreVersion = async (versionId: string): Promise<boolean> => {
    if (saver.isDirty() && !(await saver.save(false))) return false;
    const response = await restore.mutateAsync({ recordId: record.id, versionId, version: saver.version }).catch(() => null);
    return response !== null;
  };

  const confirmFinalize = async () => {
    if (saver.isDirty() && !(await saver.save(false))) return;
    finalize.mutate(record.id, { onSettled: finalizeConfirmation.close });
  };

  const print = () => {
    const opened = printRecord({
      professionalTitle: user.title,
      professionalName: fullName(user.firstName, user.lastName),
      profession: user.profession,
      registration: user.professionalRegistration,
      patientName: patient.fullName,
      recordName: record.name,
      createdAt: formatDateTime(record.creationDate, user.timeZone),
      updatedAt: formatDateTimeOrDash(record.lastUpdateDate),
      contentHtml: editorRef.current?.getHtml() ?? record.content,
      finalized:
        record.finalizedAt !== null && record.contentSha256 !== null
          ? { at: formatDateTime(record.finalizedAt, user.timeZone), hash: record.contentSha256 }
          : null,
      addenda: recordAddenda.map((addendum) => ({ at: formatDateTime(addendum.createdAt, user.timeZone), contentHtml: addendum.content })),
    });
    if (!opened) toast.error(messages.records.printBlocked);
  };

  const recoverDraft = (kept: RecordDraft) => {
    saver.restoreText(kept.content);
    setDraft(null);
  };
  const discardDraft = () => {
    removeDraft(record.id);
    setDraft(null);
  };

  return (
    <Stack>
      <BackToList patientId={record.patientId} />
      <RecordLeaveGuard saver={saver} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <ItemDetailsPanel item={record} labels={messages.records}>
              {record.sessionDate !== null && (
                <Text size="sm" c="dimmed">
                  {messages.records.sessionOn(formatDateTime(record.sessionDate, user.timeZone))}
                </Text>
              )}
              {record.aiAssistantName !== null && (
                <Text size="sm" c="dimmed">
                  {messages.records.writtenBy(record.aiAssistantName)}
                </Text>
              )}
              {record.finalizedAt !== null && (
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {messages.records.finalizedOn(formatDateTime(record.finalizedAt, user.timeZone))}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {messages.records.contentHash}
                  </Text>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {record.contentSha256}
                  </Text>
                </Stack>
              )}
            </ItemDetailsPanel>
            <RecordAttachments recordId={record.id} attachments={recordsAttachments} readOnly={isFinalized} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {draft && (
              <RecordDraftOffer draft={draft} timeZone={user.timeZone} onRecover={() => recoverDraft(draft)} onDiscard={discardDraft} />
            )}
            {isFinalized && (
              <Text size="sm" c="dimmed">
                {messages.records.readOnlyNotice}
              </Text>
            )}
            <RecordEditor ref={editorRef} initialHtml={record.content} onUserChange={() => saver.changed()} readOnly={isFinalized} />
            <RecordSaveProblem status={status} onReload={() => void saver.reloadFromServer()} onKeepMine={() => void saver.keepMine()} />
            <Group justify="space-between" wrap="wrap-reverse">
              {!isFinalized ? <RecordSaveStatus status={status} timeZone={user.timeZone} /> : <span />}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={print}>
                  {messages.records.print}
                </Button>
                <Button variant="default" leftSection={<IconHistory size={18} />} onClick={history.open}>
                  {messages.records.history}
                </Button>
                {!isFinalized && (
                  <>
                    <Button variant="default" leftSection={<IconLock size={18} />} onClick={finalizeConfirmation.open}>
                      {messages.records.finalize}
                    </Button>
                    <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => void saveExplicitly()} disabled={status.kind === 'saving'}>
                      {status.kind === 'saving' ? messages.common.saving : messages.common.save}
                    </Button>
                  </>
                )}
              </Group>
            </Group>
            {isFinalized && <RecordAddenda recordId={record.id} addenda={recordAddenda} timeZone={user.timeZone} />}
          </Stack>
        </Grid.Col>
      </Grid>
      <RecordHistory
        recordId={record.id}
        opened={isHistoryOpen}
        timeZone={user.timeZone}
        onRestore={isFinalized ? null : restoreVersion}
        onClose={history.close}
      />
      <ConfirmModal
        opened={isConfirmingFinalize}
        title={messages.records.finalizeTitle}
        text={messages.records.finalizeText}
        confirmLabel={messages.records.finalize}
        isBusy={finalize.isPending}
        onConfirm={() => void confirmFinalize()}
        onClose={finalizeConfirmation.close}
      />
    </Stack>
  );
}

import { messages, type RecordAttachment } from '@consultorio/shared';
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { fileUrl } from '../../../lib/format';
import { useDeleteRecordAttachment } from '../api/delete-record-attachment';
import { useUploadRecordAttachments } from '../api/upload-record-attachments';
import { addChosenFiles, chosenFilesProblem, formatFileSize, removeChosenFile } from './chosen-files';

const plainList = { listStyle: 'none', padding: 0, margin: 0 } as const;

interface RecordAttachmentsProps {
  recordId: string;
  attachments: readonly RecordAttachment[];
  /** A finalized record keeps its files as they were: they can be downloaded, not added or removed. */
  readOnly?: boolean;
}

/** 'Anexos': the files to send (chosen, listed, then 'Enviar') and the record's files to download or remove. */
export function RecordAttachments({ recordId, attachments, readOnly = false }: RecordAttachmentsProps) {
  const headingId = useId();
  const upload = useUploadRecordAttachments();
  const removal = useDeleteRecordAttachment();
  const [chosen, setChosen] = useState<File[]>([]);
  // The attachment whose removal waits for 'Remover anexo?' to be confirmed.
  const [removing, setRemoving] = useState<RecordAttachment | null>(null);
  const resetPicker = useRef<() => void>(null);
  const problem = chosenFilesProblem(chosen);

  const pick = (files: File[]) => {
    setChosen((current) => addChosenFiles(current, files));
    // The same file can be picked again after being taken out of the selection.
    resetPicker.current?.();
  };

  const send = () => {
    // Nothing chosen, nothing sent.
    if (chosen.length === 0 || problem !== null) return;
    upload.mutate({ recordId, files: chosen }, { onSuccess: () => setChosen([]) });
  };

  return (
    <Paper component="section" aria-labelledby={headingId} p="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {messages.records.attachments}
        </Title>

        {readOnly ? (
          <Text size="sm" c="dimmed">
            {messages.records.attachmentsLocked}
          </Text>
        ) : (
          <Group gap="xs">
            <FileButton onChange={pick} multiple resetRef={resetPicker} disabled={upload.isPending}>
              {(props) => (
                <Button variant="default" leftSection={<IconPaperclip size={16} />} {...props}>
                  {messages.records.chooseFiles}
                </Button>
              )}
            </FileButton>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={send}
              disabled={chosen.length === 0 || problem !== null || upload.isPending}
            >
              {upload.isPending ? messages.records.uploading : messages.records.upload}
            </Button>
          </Group>
        )}

        {chosen.length > 0 && (
          <Stack gap={4} component="ul" aria-label={messages.records.chosenFiles} style={plainList}>
            {chosen.map((file, index) => (
              <Group key={`${file.name}-${file.size}-${file.lastModified}`} component="li" gap="xs" wrap="nowrap">
                <Text size="sm" truncate style={{ flex: 1 }} title={file.name}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.size)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={messages.records.removeChosen(file.name)}
                  title={messages.records.removeChosen(file.name)}
                  disabled={upload.isPending}
                  onClick={() => setChosen((current) => removeChosenFile(current, index))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {problem !== null && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}

        {attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {messages.records.noAttachments}
          </Text>
        ) : (
          <Stack gap={4} component="ul" aria-label={messages.records.attachments} style={plainList}>
            {attachments.map((attachment) => {
              const isRemoving = removal.isPending && removal.variables.attachmentId === attachment.id;
              return (
                <Group key={attachment.id} component="li" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate style={{ flex: 1 }} title={attachment.basename}>
                    {attachment.basename}
                  </Text>
                  <ActionIcon
                    component="a"
                    href={fileUrl(attachment.externalKey)}
                    target="_blank"
                    rel="noopener"
                    variant="subtle"
                    title={messages.records.download}
                    aria-label={`${messages.records.download} ${attachment.basename}`}
                  >
                    <IconDownload size={16} />
                  </ActionIcon>
                  {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    title={messages.records.remove}
                    aria-label={`${messages.records.remove} ${attachment.basename}`}
                    loading={isRemoving}
                    disabled={removal.isPending}
                    onClick={() => setRemoving(attachment)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={removing !== null}
        title={messages.records.removeAttachmentTitle}
        text={messages.records.removeAttachmentText(removing?.basename ?? '')}
        confirmLabel={messages.records.remove}
        isDeleting={removal.isPending}
        onConfirm={() => {
          if (removing) removal.mutate({ recordId, attachmentId: removing.id }, { onSettled: () => setRemoving(null) });
        }}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

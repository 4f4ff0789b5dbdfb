import { messages, recordNameRequest, type ClinicalRecord, type RecordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DangerZone } from '../../../components/danger-zone';
import { useDeleteRecord } from '../api/delete-record';
import { useUpdateRecord } from '../api/update-record';

interface EditRecordModalProps {
  /** The record whose 'Editar' was clicked. */
  record: ClinicalRecord;
  opened: boolean;
  onClose: () => void;
}

/** 'Editar Prontuário': the name, and the alert zone whose delete asks for confirmation first. */
export function EditRecordModal({ record, opened, onClose }: EditRecordModalProps) {
  const updateRecord = useUpdateRecord();
  const deleteRecord = useDeleteRecord();
  const [isConfirming, confirmation] = useDisclosure(false);
  const isBusy = updateRecord.isPending || deleteRecord.isPending;

  const close = () => {
    if (!isBusy) onClose();
  };

  const confirmDelete = () =>
    deleteRecord.mutate(record.id, {
      onSuccess: () => {
        confirmation.close();
        onClose();
      },
    });

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={messages.records.editRecord}
        size="md"
        centered
        closeButtonProps={{ 'aria-label': messages.common.close, disabled: isBusy }}
      >
        <Stack>
          {/* Unmounted when closed: each opening starts from the record's saved name. */}
          <RenameFields
            name={record.name}
            isBusy={isBusy}
            isSaving={updateRecord.isPending}
            onClose={close}
            onSubmit={({ name }) =>
              updateRecord.mutate({ recordId: record.id, update: { name } }, { onSuccess: onClose })
            }
          />
          <Divider />
          <DangerZone
            title={messages.records.deleteZone}
            text={messages.records.deleteZoneText}
            buttonLabel={messages.records.deleteRecord}
            disabled={isBusy}
            onDelete={confirmation.open}
          />
        </Stack>
      </Modal>
      <ConfirmDeleteModal
        opened={isConfirming}
        text={messages.records.deleteConfirmation}
        isDeleting={deleteRecord.isPending}
        onConfirm={confirmDelete}
        onClose={confirmation.close}
      />
    </>
  );
}

interface RenameFieldsProps {
  name: string;
  isBusy: boolean;
  isSaving: boolean;
  onClose: () => void;
  onSubmit: (rename: RecordNameRequest) => void;
}

function RenameFields({ name, isBusy, isSaving, onClose, onSubmit }: RenameFieldsProps) {
  const { register, handleSubmit, formState } = useForm<RecordNameRequest>({
    resolver: zodResolver(recordNameRequest),
    defaultValues: { name },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <TextInput
          label={messages.records.name}
          required
          data-autofocus
          autoComplete="off"
          disabled={isBusy}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {messages.common.close}
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isSaving ? messages.common.saving : messages.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

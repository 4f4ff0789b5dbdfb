import { messages, recordNameRequest, type RecordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useCreateRecord } from '../api/create-record';

interface NewRecordModalProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
}

const emptyRecord: RecordNameRequest = { name: '' };

/** 'Novo Prontuário': a name, required. */
export function NewRecordModal({ patientId, opened, onClose }: NewRecordModalProps) {
  const createRecord = useCreateRecord();
  const close = () => {
    if (!createRecord.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.records.newRecord}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': messages.common.close, disabled: createRecord.isPending }}
    >
      {/* The content unmounts when the modal closes, so every opening starts with an empty name. */}
      <NewRecordFields
        isCreating={createRecord.isPending}
        onClose={close}
        onSubmit={(record) => createRecord.mutate({ patientId, record }, { onSuccess: onClose })}
      />
    </Modal>
  );
}

interface NewRecordFieldsProps {
  isCreating: boolean;
  onClose: () => void;
  onSubmit: (record: RecordNameRequest) => void;
}

function NewRecordFields({ isCreating, onClose, onSubmit }: NewRecordFieldsProps) {
  const { register, handleSubmit, formState } = useForm<RecordNameRequest>({
    resolver: zodResolver(recordNameRequest),
    defaultValues: emptyRecord,
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <TextInput
          label={messages.records.name}
          required
          data-autofocus
          autoComplete="off"
          disabled={isCreating}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isCreating}>
            {messages.common.close}
          </Button>
          <Button type="submit" disabled={isCreating}>
            {isCreating ? messages.common.creating : messages.common.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

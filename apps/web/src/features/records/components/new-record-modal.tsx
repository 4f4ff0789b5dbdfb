import { messages, recordNameRequest, type RecordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { NameField } from '../../../components/name-field';
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
  return (
    <BusyModal opened={opened} title={messages.records.newRecord} isBusy={createRecord.isPending} onClose={onClose}>
      {/* The content unmounts when the modal closes, so every opening starts with an empty name. */}
      <NewRecordFields
        isCreating={createRecord.isPending}
        onClose={onClose}
        onSubmit={(record) => createRecord.mutate({ patientId, record }, { onSuccess: onClose })}
      />
    </BusyModal>
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
        <NameField
          label={messages.records.name}
          disabled={isCreating}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <FormActions
          submitLabel={isCreating ? messages.common.creating : messages.common.create}
          disabled={isCreating}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

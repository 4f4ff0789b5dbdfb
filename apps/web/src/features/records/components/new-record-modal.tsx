import { messages, recordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { BusyModal } from '../../../components/busy-modal';
import { NameForm } from '../../../components/name-form';
import { useCreateRecord } from '../api/create-record';

const resolver = zodResolver(recordNameRequest);

interface NewRecordModalProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Novo Prontuário': a name, required. */
export function NewRecordModal({ patientId, opened, onClose }: NewRecordModalProps) {
  const createRecord = useCreateRecord();
  const isCreating = createRecord.isPending;
  return (
    <BusyModal opened={opened} title={messages.records.newRecord} isBusy={isCreating} onClose={onClose}>
      {/* The content unmounts when the modal closes, so every opening starts with an empty name. */}
      <NameForm
        label={messages.records.name}
        defaultName=""
        resolver={resolver}
        submitLabel={isCreating ? messages.common.creating : messages.common.create}
        disabled={isCreating}
        onClose={onClose}
        onSubmit={(name) => createRecord.mutate({ patientId, record: { name } }, { onSuccess: onClose })}
      />
    </BusyModal>
  );
}

import { messages, recordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { NameField } from '../../../components/name-field';
import type { NameValues } from '../../../components/name-form';
import { useCreateRecord } from '../api/create-record';
import { useNoteTemplates } from '../../../lib/note-templates';

const resolver = zodResolver(recordNameRequest);
/** The template choice that means a blank text. */
const NO_TEMPLATE = 'none';

interface NewRecordModalProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Novo Prontuário': a name, required, and a note template to start the text from (none by default). */
export function NewRecordModal({ patientId, opened, onClose }: NewRecordModalProps) {
  const createRecord = useCreateRecord();
  return (
    <BusyModal opened={opened} title={messages.records.newRecord} isBusy={createRecord.isPending} onClose={onClose}>
      {/* The content unmounts when the modal closes, so every opening starts with empty fields. */}
      <NewRecordFields
        isCreating={createRecord.isPending}
        onClose={onClose}
        onSubmit={(name, noteTemplateId) =>
          createRecord.mutate({ patientId, record: { name, ...(noteTemplateId ? { noteTemplateId } : {}) } }, { onSuccess: onClose })
        }
      />
    </BusyModal>
  );
}

interface NewRecordFieldsProps {
  isCreating: boolean;
  onClose: () => void;
  onSubmit: (name: string, noteTemplateId: string | null) => void;
}

function NewRecordFields({ isCreating, onClose, onSubmit }: NewRecordFieldsProps) {
  const templates = useNoteTemplates();
  const [template, setTemplate] = useState(NO_TEMPLATE);
  const { register, handleSubmit, formState } = useForm<NameValues>({ resolver, defaultValues: { name: '' } });
  // A list that cannot be loaded offers the blank text only (the toast says why).
  const options = [
    { value: NO_TEMPLATE, label: messages.records.noteTemplateNone },
    ...(templates.data?.noteTemplates ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(({ name }) => onSubmit(name, template === NO_TEMPLATE ? null : template))(event)}>
      <Stack>
        <NameField label={messages.records.name} disabled={isCreating} error={formState.errors.name?.message} {...register('name')} />
        <Select
          label={messages.records.noteTemplate}
          data={options}
          value={template}
          onChange={(value) => setTemplate(value ?? NO_TEMPLATE)}
          allowDeselect={false}
          disabled={isCreating}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions submitLabel={isCreating ? messages.common.creating : messages.common.create} disabled={isCreating} onClose={onClose} />
      </Stack>
    </form>
  );
}

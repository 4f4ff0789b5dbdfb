import { formCreateRequest, messages, type FormCreateRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { NameField } from '../../../components/name-field';
import { RequiredSelect } from '../../../components/required-select';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { useCreateForm } from '../api/create-form';
import { useQaTemplates } from '../../../lib/qa-templates';

interface NewFormModalProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
}

const emptyForm: FormCreateRequest = { name: '', qaTemplateId: '' };

/** 'Novo Formulário': a name and a questionnaire, both required. */
export function NewFormModal({ patientId, opened, onClose }: NewFormModalProps) {
  const createForm = useCreateForm();
  return (
    <BusyModal opened={opened} title={messages.forms.newForm} isBusy={createForm.isPending} onClose={onClose}>
      {/* The content unmounts when the modal closes, so every opening starts with empty fields. */}
      <NewFormFields
        isCreating={createForm.isPending}
        onClose={onClose}
        onSubmit={(form) => createForm.mutate({ patientId, form }, { onSuccess: onClose })}
      />
    </BusyModal>
  );
}

interface NewFormFieldsProps {
  isCreating: boolean;
  onClose: () => void;
  onSubmit: (form: FormCreateRequest) => void;
}

function NewFormFields({ isCreating, onClose, onSubmit }: NewFormFieldsProps) {
  const templates = useQaTemplates();
  // A list that cannot be loaded is an empty one (the toast says why).
  const options = (templates.data ?? []).map((template) => ({ value: template.id, label: template.name }));
  const { register, control, handleSubmit, formState } = useForm<FormCreateRequest>({
    resolver: zodResolver(formCreateRequest),
    defaultValues: emptyForm,
  });
  useUnsavedChanges(formState.isDirty);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <NameField
          label={messages.forms.name}
          disabled={isCreating}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <RequiredSelect control={control} name="qaTemplateId" label={messages.forms.template} options={options} disabled={isCreating} searchable />
        <FormActions
          submitLabel={isCreating ? messages.common.creating : messages.common.create}
          disabled={isCreating}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

import { formCreateRequest, messages, type FormCreateRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useCreateForm } from '../api/create-form';
import { useQaTemplates } from '../api/list-qa-templates';

interface NewFormModalProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
}

const emptyForm: FormCreateRequest = { name: '', qaTemplateId: '' };

/** 'Novo Formulário': a name and a questionnaire, both required. */
export function NewFormModal({ patientId, opened, onClose }: NewFormModalProps) {
  const createForm = useCreateForm();
  const close = () => {
    if (!createForm.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.forms.newForm}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': messages.common.close, disabled: createForm.isPending }}
    >
      {/* The content unmounts when the modal closes, so every opening starts with empty fields. */}
      <NewFormFields
        isCreating={createForm.isPending}
        onClose={close}
        onSubmit={(form) => createForm.mutate({ patientId, form }, { onSuccess: onClose })}
      />
    </Modal>
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

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <TextInput
          label={messages.forms.name}
          required
          data-autofocus
          autoComplete="off"
          disabled={isCreating}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Controller
          name="qaTemplateId"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label={messages.forms.template}
              required
              placeholder={messages.common.select}
              data={options}
              value={field.value === '' ? null : field.value}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={isCreating}
              searchable
              nothingFoundMessage={messages.common.nothingFound}
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
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

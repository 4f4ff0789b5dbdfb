import { Stack } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { FormActions } from './form-actions';
import { NameField } from './name-field';
import { useUnsavedChanges } from './unsaved-changes';

export interface NameValues {
  name: string;
}

interface NameFormProps {
  label: string;
  /** Where the name starts: '' for a new item, the saved name for a rename. */
  defaultName: string;
  resolver: Resolver<NameValues>;
  /** What the submit button says, e.g. 'Criar' or 'Salvando...'. */
  submitLabel: string;
  disabled: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** A modal's one-name form (create or rename) with 'Fechar' and the submit button. */
export function NameForm({ label, defaultName, resolver, submitLabel, disabled, onClose, onSubmit }: NameFormProps) {
  const { register, handleSubmit, formState } = useForm<NameValues>({ resolver, defaultValues: { name: defaultName } });
  useUnsavedChanges(formState.isDirty);
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(({ name }) => onSubmit(name))(event)}>
      <Stack>
        <NameField label={label} disabled={disabled} error={formState.errors.name?.message} {...register('name')} />
        <FormActions submitLabel={submitLabel} disabled={disabled} onClose={onClose} />
      </Stack>
    </form>
  );
}

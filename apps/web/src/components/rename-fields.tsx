import { messages } from '@consultorio/shared';
import { Stack } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { FormActions } from './form-actions';
import { NameField } from './name-field';

export interface NameValues {
  name: string;
}

interface RenameFieldsProps {
  label: string;
  name: string;
  resolver: Resolver<NameValues>;
  isBusy: boolean;
  isSaving: boolean;
  onClose: () => void;
  onSubmit: (values: NameValues) => void;
}

/** A name, starting from the saved one, with 'Fechar' and 'Salvar'. */
export function RenameFields({ label, name, resolver, isBusy, isSaving, onClose, onSubmit }: RenameFieldsProps) {
  const { register, handleSubmit, formState } = useForm<NameValues>({ resolver, defaultValues: { name } });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <NameField label={label} disabled={isBusy} error={formState.errors.name?.message} {...register('name')} />
        <FormActions
          submitLabel={isSaving ? messages.common.saving : messages.common.save}
          disabled={isBusy}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

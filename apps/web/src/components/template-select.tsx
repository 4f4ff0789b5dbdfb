import { messages } from '@consultorio/shared';
import { Select, type ComboboxData } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface TemplateSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: ComboboxData;
  disabled: boolean;
  searchable?: boolean;
}

/** A required choice of questionnaire template, bound to a form field that holds its id ('' for none). */
export function TemplateSelect<T extends FieldValues>({ control, name, label, options, disabled, searchable }: TemplateSelectProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          required
          placeholder={messages.common.select}
          data={options}
          value={field.value === '' ? null : field.value}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={disabled}
          searchable={searchable}
          nothingFoundMessage={messages.common.nothingFound}
          error={fieldState.error?.message}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

import { messages } from '@consultorio/shared';
import { Select, type ComboboxData, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface RequiredSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: ComboboxData;
  disabled: boolean;
  searchable?: boolean;
  placeholder?: string;
  /** Shown under the field for the chosen value. */
  describe?: (value: string) => string | undefined;
  renderOption?: SelectProps['renderOption'];
}

/** A required choice (a questionnaire template, an assistant), bound to a form field that holds its id ('' for none). */
export function RequiredSelect<T extends FieldValues>({ control, name, label, options, disabled, searchable, placeholder, describe, renderOption }: RequiredSelectProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          required
          placeholder={placeholder ?? messages.common.select}
          description={describe?.(field.value) || undefined}
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
          renderOption={renderOption}
        />
      )}
    />
  );
}

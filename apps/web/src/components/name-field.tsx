import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface NameFieldProps extends UseFormRegisterReturn {
  label: string;
  disabled: boolean;
  error?: string;
}

/** The required, focused-first name input of a create or rename form; spread `register('name')` into it. */
export function NameField({ label, disabled, error, ...registration }: NameFieldProps) {
  return (
    <TextInput
      label={label}
      required
      data-autofocus
      autoComplete="off"
      disabled={disabled}
      error={error}
      {...registration}
    />
  );
}

import { messages, type TemplateField } from '@consultorio/shared';
import { Select } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

export interface SelectAnswerInputProps {
  field: TemplateField;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  /** The stand-in had the focus when this arrived: it moves here. */
  takesFocus: boolean;
  /** The stand-in was clicked before this arrived: the list opens at once. */
  opensAtOnce: boolean;
}

/**
 * A 'select' question: Mantine's Select, a chunk of its own with floating-ui (some 20 KB gzip),
 * drawn in place of the stand-in in answer-input.tsx once it arrives.
 */
export function SelectAnswerInput({ field, label, value, onChange, error, disabled, readOnly, takesFocus, opensAtOnce }: SelectAnswerInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takesFocus) inputRef.current?.focus();
    // Only as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select
      ref={inputRef}
      label={label}
      error={error}
      disabled={disabled}
      readOnly={readOnly}
      data={field.options}
      value={value === '' ? null : value}
      onChange={(selected) => onChange(selected ?? '')}
      placeholder={messages.common.select}
      clearable={!readOnly}
      allowDeselect={!readOnly}
      defaultDropdownOpened={opensAtOnce && !readOnly && !disabled}
    />
  );
}

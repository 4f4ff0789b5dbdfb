import { messages, type TemplateField } from '@consultorio/shared';
import { Select } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { StandInHandOver } from '../../../lib/after-paint';

/** An answer's control, given its label: the shape of every field type's input. */
export interface AnswerControlProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
}

export interface SelectAnswerProps extends AnswerControlProps {
  field: TemplateField;
}

/** A click on the stand-in opens the list at once. */
export type SelectAnswerInputProps = SelectAnswerProps & StandInHandOver;

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

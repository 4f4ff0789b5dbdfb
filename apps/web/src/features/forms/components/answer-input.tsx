import { isTimeTypingValid, limits, maskTime, messages, type TemplateField } from '@consultorio/shared';
import { Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { maskNumber } from './answers';

const TIME_MAX_LENGTH = 5;

interface AnswerInputProps {
  field: TemplateField;
  /** The answer as text; '' when not answered. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Answers shown as they were sent: readable and focusable, not changeable. */
  readOnly?: boolean;
}

interface TimeAnswerInputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
}

/**
 * hh:mm (24 h) typed as digits: '2230' shows '22:30'; at most 5 characters. Hours past 23 or
 * minutes past 59 are pointed out as they are typed, not when the save fails.
 */
function TimeAnswerInput({ label, value, onChange, error, disabled, readOnly }: TimeAnswerInputProps) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(maskTime(event.currentTarget.value))}
      error={error ?? (isTimeTypingValid(value) ? undefined : messages.validation.timeRange)}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={messages.forms.timePlaceholder}
      inputMode="numeric"
      maxLength={TIME_MAX_LENGTH}
      autoComplete="off"
      // The box is narrow, not the label above it.
      styles={{ wrapper: { width: 120 } }}
    />
  );
}

/**
 * A question's label with its number in front ('11. Horário em que costuma acordar'), so that a
 * message naming 'a pergunta 11' can be found. The number is seen, not read: the field's
 * accessible name stays its text.
 */
function QuestionLabel({ field }: { field: TemplateField }) {
  return (
    <>
      <span aria-hidden="true">{field.number}. </span>
      {field.label}
    </>
  );
}

/** One question of a questionnaire, drawn by its field type. */
export function AnswerInput({ field, value, onChange, error, disabled, readOnly }: AnswerInputProps) {
  const common = { label: <QuestionLabel field={field} />, error, disabled, readOnly };
  switch (field.type) {
    case 'radio':
      return (
        <Radio.Group {...common} value={value === '' ? null : value} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {field.options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} readOnly={readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={value === '' ? null : value}
          onChange={(selected) => onChange(selected ?? '')}
          placeholder={messages.common.select}
          clearable={!readOnly}
          allowDeselect={!readOnly}
        />
      );
    case 'number':
      return (
        <TextInput
          {...common}
          value={value}
          onChange={(event) => onChange(maskNumber(event.currentTarget.value))}
          inputMode="decimal"
          autoComplete="off"
          styles={{ wrapper: { width: 160 } }}
        />
      );
    case 'text':
    case 'shorttext':
    case 'string':
      return (
        <TextInput
          {...common}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={limits.shortTextMax}
        />
      );
    case 'textarea':
    case 'longtext':
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={limits.longTextMax}
        />
      );
    case 'time':
      return <TimeAnswerInput {...common} value={value} onChange={onChange} />;
  }
}

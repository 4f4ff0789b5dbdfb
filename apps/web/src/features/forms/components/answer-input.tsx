import { isTimeTypingValid, limits, maskTime, messages, type TemplateField } from '@consultorio/shared';
import { ComboboxChevron, Input, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { afterPaintLoad } from '../../../lib/after-paint';
import { StandInSlot } from '../../../lib/stand-in-slot';
import { AnswerRadio } from './answer-radio';
import { maskNumber } from './answers';
import type { AnswerControlProps, SelectAnswerProps } from './select-answer-input';

// Mantine's Select brings floating-ui (some 20 KB gzip): asked for once the questionnaire has been
// painted, and only by a questionnaire with a 'select' question (issue 34).
const selectAnswerInput = afterPaintLoad(
  () => import('./select-answer-input'),
  (module) => module.SelectAnswerInput,
);

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

/**
 * hh:mm (24 h) typed as digits: '2230' shows '22:30'; at most 5 characters. Hours past 23 or
 * minutes past 59 are pointed out as they are typed, not when the save fails.
 */
function TimeAnswerInput({ label, value, onChange, error, disabled, readOnly }: AnswerControlProps) {
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

/**
 * A 'select' question as Mantine's Select draws it closed (label, box, the option's label or
 * 'Selecione', the chevron or the clear button) until the Select arrives: read-only, its clear
 * button clears, and the focus or a click asks for the Select at once (a click opens its list as
 * it arrives).
 */
function SelectAnswer(props: SelectAnswerProps) {
  const { field, label, value, onChange, error, disabled, readOnly } = props;
  const { isWanted, handOver, handlers } = selectAnswerInput.useStandIn();
  const option = field.options.find((candidate) => candidate.value === value);
  const standIn = (
    <TextInput
      label={label}
      error={error}
      disabled={disabled}
      readOnly
      pointer
      value={option?.label ?? ''}
      placeholder={messages.common.select}
      __defaultRightSection={<ComboboxChevron error={error} />}
      __clearSection={<Input.ClearButton tabIndex={-1} aria-hidden onMouseDown={(event) => event.preventDefault()} onClick={() => onChange('')} />}
      __clearable={!readOnly && value !== '' && !disabled}
      rightSectionPointerEvents="none"
      {...handlers}
    />
  );
  return (
    <StandInSlot isWanted={isWanted} standIn={standIn}>
      <selectAnswerInput.Control {...props} {...handOver} />
    </StandInSlot>
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
              <AnswerRadio key={option.value} value={option.value} label={option.label} disabled={disabled} readOnly={readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'select':
      return <SelectAnswer field={field} {...common} value={value} onChange={onChange} />;
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

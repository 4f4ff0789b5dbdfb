import type { TemplateSection } from '@consultorio/shared';
import { Paper, Stack, Title } from '@mantine/core';
import { memo } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { AnswerInput } from './answer-input';
import { answerError, answerKey, type Answers } from './answers';

interface QuestionnaireFieldsProps {
  sections: readonly TemplateSection[];
  control: Control<Answers>;
  disabled?: boolean;
  /** The patient's sent answers: shown, not changeable. */
  readOnly?: boolean;
}

/**
 * Every section of a questionnaire with its questions, bound to the answers form; used by
 * the professional's form page and by the patient's public page alike. Memoized: each field
 * follows its own answer through its `Controller`, so the page drawing again (the live score on
 * each keystroke, the form's state) need not draw every question again (issue 34: a PHQ-9 is
 * some 650 components).
 */
export const QuestionnaireFields = memo(function QuestionnaireFields({ sections, control, disabled = false, readOnly = false }: QuestionnaireFieldsProps) {
  return (
    <Stack>
      {sections.map((section, index) => (
        <Paper key={`${index}-${section.title}`} component="section" p="md" aria-label={section.title}>
          <Stack>
            <Title order={4}>{section.title}</Title>
            {section.fields.map((field) => (
              <Controller
                key={field.number}
                name={answerKey(field.number)}
                control={control}
                rules={{ validate: (text: string) => answerError(field, text) ?? true }}
                render={({ field: input, fieldState }) => (
                  <AnswerInput
                    field={field}
                    value={input.value ?? ''}
                    onChange={input.onChange}
                    error={fieldState.error?.message}
                    disabled={disabled}
                    readOnly={readOnly}
                  />
                )}
              />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
});

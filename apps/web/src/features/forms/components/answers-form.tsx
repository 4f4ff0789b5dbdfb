import { messages, type FormContent, type TemplateSection } from '@consultorio/shared';
import { Button, Group, Stack } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { toAnswers, toContent, type Answers } from './answers';
import { QuestionnaireFields } from './questionnaire-fields';

interface AnswersFormProps {
  sections: readonly TemplateSection[];
  /** From `useAnswersForm`; the page may read it too (the live score). */
  answersForm: UseFormReturn<Answers>;
  /**
   * Saves the answered fields; resolves with the content the server kept, which the fields
   * then show. A failure leaves the answers as typed (its toast says why).
   */
  onSave: (content: FormContent) => Promise<FormContent>;
  isSaving: boolean;
  /** What the submit button says, 'Salvando...' while saving. */
  submitLabel: string;
  /** The form's accessible name, when the page has no other heading for it. */
  label?: string;
  /** The answers are shown as they are, without a submit button (the patient sent them). */
  readOnly?: boolean;
}

/** The questionnaire to fill and its submit button: the professional's form page and the patient's public page. */
export function AnswersForm({ sections, answersForm, onSave, isSaving, submitLabel, label, readOnly = false }: AnswersFormProps) {
  const submit = answersForm.handleSubmit(async (answers) => {
    try {
      const saved = await onSave(toContent(sections, answers));
      answersForm.reset(toAnswers(sections, saved));
    } catch {
      // Nothing is reset: the answers stay as typed.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
      <Stack>
        <QuestionnaireFields sections={sections} control={answersForm.control} disabled={isSaving} readOnly={readOnly} />
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" disabled={isSaving}>
              {isSaving ? messages.common.saving : submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

import type { FormContent, TemplateSection } from '@consultorio/shared';
import { useMemo } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { toAnswers, toContent, type Answers } from './answers';

/**
 * The answers form of a questionnaire, loaded from the saved content. When the saved
 * content changes (a save, a refetch) the fields follow it, except those being edited, so
 * a failed save or a refetch never loses what was typed.
 */
export function useAnswersForm(sections: readonly TemplateSection[], content: FormContent) {
  const values = useMemo(() => toAnswers(sections, content), [sections, content]);
  return useForm<Answers>({ values, resetOptions: { keepDirtyValues: true } });
}

/** The answers as they are on screen now, as content (for a live score). */
export function useCurrentContent(sections: readonly TemplateSection[], control: Control<Answers>): FormContent {
  const answers = useWatch({ control });
  return useMemo(() => toContent(sections, answers), [sections, answers]);
}

import type { FormContent, TemplateSection } from '@consultorio/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { toAnswers, toContent, type Answers } from './answers';

/**
 * The answers form of a questionnaire, loaded from the saved content. When the saved
 * content changes (a save, a refetch) the fields follow it, except those being edited, so
 * a failed save or a refetch never loses what was typed.
 */
export function useAnswersForm(sections: readonly TemplateSection[], content: FormContent) {
  const values = useMemo(() => toAnswers(sections, content), [sections, content]);
  const form = useForm<Answers>({ defaultValues: values });
  useFollowSavedAnswers(form, values);
  return form;
}

/**
 * The fields follow later changes of the saved answers, keeping the ones being edited. Not
 * react-hook-form's `values` option: it also resets the form once as it mounts, to the answers
 * it was just made with, which sets every field again and draws the questionnaire a second
 * time (issue 34: the form page's longest task).
 */
function useFollowSavedAnswers(form: UseFormReturn<Answers>, values: Answers) {
  const followed = useRef(values);
  useEffect(() => {
    if (values === followed.current) return;
    followed.current = values;
    form.reset(values, { keepDirtyValues: true });
  }, [form, values]);
}

/** The answers as they are on screen now, as content (for a live score). */
export function useCurrentContent(sections: readonly TemplateSection[], control: Control<Answers>): FormContent {
  const answers = useWatch({ control });
  return useMemo(() => toContent(sections, answers), [sections, answers]);
}

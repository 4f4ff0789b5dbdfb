import type { FormContent } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { everyTypeTemplate } from '../testing/fixtures';
import { answerKey, type Answers } from './answers';
import { QuestionnaireFields } from './questionnaire-fields';
import { useAnswersForm } from './use-answers-form';

const sections = everyTypeTemplate.content;

/** Calls `onFieldSet` with each field the form sets once the fields have mounted (its effects run after its elder siblings' and before its parent's). */
function FieldSetSpy({ form, onFieldSet }: { form: UseFormReturn<Answers>; onFieldSet: (name: string | undefined) => void }) {
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => onFieldSet(name));
    return () => subscription.unsubscribe();
  }, [form, onFieldSet]);
  return null;
}

function Questionnaire({ content, onFieldSet = () => undefined }: { content: FormContent; onFieldSet?: (name: string | undefined) => void }) {
  const form = useAnswersForm(sections, content);
  return (
    <>
      <QuestionnaireFields sections={sections} control={form.control} />
      <FieldSetSpy form={form} onFieldSet={onFieldSet} />
    </>
  );
}

describe('useAnswersForm', () => {
  it('starts from the saved answers without setting the fields again as it mounts', () => {
    const onFieldSet = vi.fn();
    render(
      <MantineProvider>
        <Questionnaire content={{ '1': 'Engenheira' }} onFieldSet={onFieldSet} />
      </MantineProvider>,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Profissão' }).value).toBe('Engenheira');
    expect(onFieldSet).not.toHaveBeenCalled();
  });

  it('follows a later change of the saved answers and keeps the answer being typed', () => {
    const { result, rerender } = renderHook<ReturnType<typeof useAnswersForm>, { content: FormContent }>(({ content }) => useAnswersForm(sections, content), {
      initialProps: { content: { '1': 'Engenheira', '3': 'Lu' } },
    });
    act(() => result.current.setValue(answerKey(1), 'Médica', { shouldDirty: true }));
    rerender({ content: { '1': 'Engenheira', '3': 'Lulu', '9': 'Sim' } });
    expect(result.current.getValues()).toMatchObject({ [answerKey(1)]: 'Médica', [answerKey(3)]: 'Lulu', [answerKey(9)]: 'Sim' });
  });

  it('keeps what is typed in a field on screen when the saved answers change', () => {
    const { rerender } = render(
      <MantineProvider>
        <Questionnaire content={{ '1': 'Engenheira' }} />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Profissão' }), { target: { value: 'Médica' } });
    rerender(
      <MantineProvider>
        <Questionnaire content={{ '1': 'Engenheira', '3': 'Lulu' }} />
      </MantineProvider>,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Profissão' }).value).toBe('Médica');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Apelido' }).value).toBe('Lulu');
  });
});

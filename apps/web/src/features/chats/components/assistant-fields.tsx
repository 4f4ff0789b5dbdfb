import { aiAssistantWriteRequest, limits, messages } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { EditFormProps } from '../../../components/edit-item-modal';
import { FormActions } from '../../../components/form-actions';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { NameField } from '../../../components/name-field';

const m = messages.aiAssistants;

/** What the fields hold; a copy starts from another assistant's. */
export type AssistantValues = z.input<typeof aiAssistantWriteRequest>;

type AiAssistantWrite = z.output<typeof aiAssistantWriteRequest>;

interface AssistantFieldsProps extends EditFormProps {
  defaultValues: AssistantValues;
  onSubmit: (assistant: AiAssistantWrite) => void;
}

/** An own assistant's name, description and instructions, checked as the API checks them. */
export function AssistantFields({ defaultValues, submitLabel, disabled, onClose, onSubmit }: AssistantFieldsProps) {
  const { register, handleSubmit, formState } = useForm<AssistantValues, unknown, AiAssistantWrite>({
    resolver: zodResolver(aiAssistantWriteRequest),
    defaultValues,
  });
  useUnsavedChanges(formState.isDirty);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <NameField label={m.name} disabled={disabled} error={formState.errors.name?.message} {...register('name')} />
        <Textarea
          label={m.description}
          description={m.descriptionHint}
          autosize
          minRows={2}
          maxLength={500}
          disabled={disabled}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <Textarea
          label={m.instructions}
          description={m.instructionsHint}
          required
          autosize
          minRows={6}
          maxRows={16}
          maxLength={limits.assistantInstructionsMax}
          disabled={disabled}
          error={formState.errors.instructions?.message}
          {...register('instructions')}
        />
        <FormActions submitLabel={submitLabel} disabled={disabled} onClose={onClose} />
      </Stack>
    </form>
  );
}

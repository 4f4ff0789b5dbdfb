import { chatCreateRequest, messages, type ChatCreateRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { NameField } from '../../../components/name-field';
import { RequiredSelect } from '../../../components/required-select';
import { useAiAssistants } from '../api/list-ai-assistants';

const resolver = zodResolver(chatCreateRequest);

interface ChatFieldsProps {
  /** Where each opening starts: empty for a new session, the saved values for an edit. */
  defaultValues: ChatCreateRequest;
  /** The saved assistant's name, offered even if the list no longer has it. */
  savedAssistantName?: string;
  submitLabel: string;
  disabled: boolean;
  onClose: () => void;
  onSubmit: (values: ChatCreateRequest) => void;
}

/** Nome and Assistente, both required, with 'Fechar' and the submit button. */
export function ChatFields({ defaultValues, savedAssistantName, submitLabel, disabled, onClose, onSubmit }: ChatFieldsProps) {
  const assistants = useAiAssistants();
  const { register, control, handleSubmit, formState } = useForm<ChatCreateRequest>({ resolver, defaultValues });
  useUnsavedChanges(formState.isDirty);

  // A list that cannot be loaded is an empty one (the toast says why).
  const list = assistants.data ?? [];
  const options = list.map((assistant) => ({ value: assistant.id, label: assistant.name }));
  if (savedAssistantName !== undefined && !options.some((option) => option.value === defaultValues.aiAssistantId)) {
    options.push({ value: defaultValues.aiAssistantId, label: savedAssistantName });
  }
  const descriptions = new Map(list.map((assistant) => [assistant.id, assistant.description]));

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <NameField
          label={messages.chats.name}
          disabled={disabled}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <RequiredSelect
          control={control}
          name="aiAssistantId"
          label={messages.chats.assistant}
          placeholder={messages.chats.assistantPlaceholder}
          describe={(id) => descriptions.get(id)}
          options={options}
          disabled={disabled}
          searchable
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {descriptions.get(option.value) && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {descriptions.get(option.value)}
                </Text>
              )}
            </Stack>
          )}
        />
        <FormActions submitLabel={submitLabel} disabled={disabled} onClose={onClose} />
      </Stack>
    </form>
  );
}

import { messages, recordNameRequest, type RecordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { NameField } from '../../../components/name-field';

const resolver = zodResolver(recordNameRequest);

interface GenerateRecordModalProps {
  /** Where the name starts: the session's name. */
  defaultName: string;
  opened: boolean;
  isGenerating: boolean;
  onClose: () => void;
  onGenerate: (name: string) => void;
}

/** 'Gerar prontuário a partir do chat': the new record's name (required); the assistant writes the rest. */
export function GenerateRecordModal({ defaultName, opened, isGenerating, onClose, onGenerate }: GenerateRecordModalProps) {
  return (
    <BusyModal opened={opened} title={messages.chats.generateRecord} isBusy={isGenerating} onClose={onClose}>
      <GenerateRecordFields
        defaultName={defaultName}
        isGenerating={isGenerating}
        onClose={onClose}
        onGenerate={onGenerate}
      />
    </BusyModal>
  );
}

type GenerateRecordFieldsProps = Omit<GenerateRecordModalProps, 'opened'>;

function GenerateRecordFields({ defaultName, isGenerating, onClose, onGenerate }: GenerateRecordFieldsProps) {
  const { register, handleSubmit, formState } = useForm<RecordNameRequest>({
    resolver,
    defaultValues: { name: defaultName },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(({ name }) => onGenerate(name))(event)}>
      <Stack>
        <NameField
          label={messages.chats.recordName}
          disabled={isGenerating}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <FormActions
          submitLabel={isGenerating ? messages.chats.generating : messages.chats.generate}
          disabled={isGenerating}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

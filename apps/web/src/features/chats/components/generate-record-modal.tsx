import { messages, recordNameRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { BusyModal } from '../../../components/busy-modal';
import { NameForm } from '../../../components/name-form';

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
      {/* Unmounted when closed: every opening starts from the session's name. */}
      <NameForm
        label={messages.chats.recordName}
        defaultName={defaultName}
        resolver={resolver}
        submitLabel={isGenerating ? messages.chats.generating : messages.chats.generate}
        disabled={isGenerating}
        onClose={onClose}
        onSubmit={onGenerate}
      />
    </BusyModal>
  );
}

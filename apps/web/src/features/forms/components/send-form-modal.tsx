import { messages } from '@consultorio/shared';
import { BusyModal } from '../../../components/busy-modal';
import { SendFormDialog } from './send-form-dialog';

/** 'Enviar formulário por e-mail': the dialog and its form (zod, Mantine's Modal), one chunk loaded when first opened. */
export function SendFormModal({ opened, formId, onClose }: { opened: boolean; formId: string; onClose: () => void }) {
  return (
    <BusyModal opened={opened} onClose={onClose} title={messages.measurement.sendTitle} isBusy={false}>
      <SendFormDialog formId={formId} onDone={onClose} />
    </BusyModal>
  );
}

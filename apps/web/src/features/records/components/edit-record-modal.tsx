import { messages, recordNameRequest, type ClinicalRecord } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { EditNameModal, type EditNameModalLabels } from '../../../components/edit-name-modal';
import { useDeleteRecord } from '../api/delete-record';
import { useUpdateRecord } from '../api/update-record';

const renameResolver = zodResolver(recordNameRequest);

const labels: EditNameModalLabels = {
  title: messages.records.editRecord,
  name: messages.records.name,
  deleteZone: messages.records.deleteZone,
  deleteZoneText: messages.records.deleteZoneText,
  deleteButton: messages.records.deleteRecord,
  deleteConfirmation: messages.records.deleteConfirmation,
};

interface EditRecordModalProps {
  /** The record whose 'Editar' was clicked. */
  record: ClinicalRecord;
  opened: boolean;
  onClose: () => void;
}

/** 'Editar Prontuário': the name, and the alert zone whose delete asks for confirmation first. */
export function EditRecordModal({ record, opened, onClose }: EditRecordModalProps) {
  const updateRecord = useUpdateRecord();
  const deleteRecord = useDeleteRecord();
  return (
    <EditNameModal
      labels={labels}
      name={record.name}
      resolver={renameResolver}
      opened={opened}
      isSaving={updateRecord.isPending}
      isDeleting={deleteRecord.isPending}
      onClose={onClose}
      onRename={(name, onSaved) =>
        updateRecord.mutate({ recordId: record.id, update: { name } }, { onSuccess: onSaved })
      }
      onDelete={(onDeleted) => deleteRecord.mutate(record.id, { onSuccess: onDeleted })}
    />
  );
}

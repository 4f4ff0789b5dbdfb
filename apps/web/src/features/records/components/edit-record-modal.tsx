import { messages, recordNameRequest, type ClinicalRecord } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { EditNameModal, type EditNameModalLabels } from '../../../components/edit-name-modal';
import { fullName } from '../../../lib/format';
import { useSelectedPatient } from '../../../lib/selected-patient';
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
  const patient = useSelectedPatient();
  // A finalized record is a signed document: deleting it asks for the patient's name typed.
  const patientName = patient ? fullName(patient.firstName, patient.lastName) : null;
  const typed = record.finalizedAt !== null && patientName !== null ? { label: messages.records.typedName, expected: patientName } : undefined;
  return (
    <EditNameModal
      labels={typed ? { ...labels, deleteConfirmation: messages.records.typeToDelete(typed.expected) } : labels}
      deleteTyped={typed}
      lockedNote={record.finalizedAt !== null ? messages.records.nameLocked : undefined}
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

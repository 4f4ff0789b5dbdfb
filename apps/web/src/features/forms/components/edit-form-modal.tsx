import { formUpdateRequest, messages, type Form } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { EditNameModal, type EditNameModalLabels } from '../../../components/edit-name-modal';
import type { NameValues } from '../../../components/name-form';
import { useDeleteForm } from '../api/delete-form';
import { useUpdateForm } from '../api/update-form';

// The update schema checks the name (required, trimmed, at most 200) when only it is sent.
const renameResolver = zodResolver(formUpdateRequest) as Resolver<NameValues>;

const labels: EditNameModalLabels = {
  title: messages.forms.editForm,
  name: messages.forms.name,
  deleteZone: messages.forms.deleteZone,
  deleteZoneText: messages.forms.deleteZoneText,
  deleteButton: messages.forms.deleteForm,
  deleteConfirmation: messages.forms.deleteConfirmation,
};

interface EditFormModalProps {
  /** The form whose 'Editar' was clicked. */
  form: Form;
  opened: boolean;
  onClose: () => void;
}

/** 'Editar Formulário': the name, and the alert zone whose delete asks for confirmation first. */
export function EditFormModal({ form, opened, onClose }: EditFormModalProps) {
  const updateForm = useUpdateForm();
  const deleteForm = useDeleteForm();
  return (
    <EditNameModal
      labels={labels}
      name={form.name}
      resolver={renameResolver}
      opened={opened}
      isSaving={updateForm.isPending}
      isDeleting={deleteForm.isPending}
      onClose={onClose}
      onRename={(name, onSaved) => updateForm.mutate({ formId: form.id, update: { name } }, { onSuccess: onSaved })}
      onDelete={(onDeleted) => deleteForm.mutate(form.id, { onSuccess: onDeleted })}
    />
  );
}

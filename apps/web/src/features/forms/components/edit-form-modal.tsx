import { formUpdateRequest, messages, type Form } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm, type Resolver } from 'react-hook-form';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DangerZone } from '../../../components/danger-zone';
import { useDeleteForm } from '../api/delete-form';
import { useUpdateForm } from '../api/update-form';

interface Rename {
  name: string;
}

// The update schema checks the name (required, trimmed, at most 200) when only it is sent.
const renameResolver = zodResolver(formUpdateRequest) as Resolver<Rename>;

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
  const [isConfirming, confirmation] = useDisclosure(false);
  const isBusy = updateForm.isPending || deleteForm.isPending;

  const close = () => {
    if (!isBusy) onClose();
  };

  const confirmDelete = () =>
    deleteForm.mutate(form.id, {
      onSuccess: () => {
        confirmation.close();
        onClose();
      },
    });

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={messages.forms.editForm}
        size="md"
        centered
        closeButtonProps={{ 'aria-label': messages.common.close, disabled: isBusy }}
      >
        <Stack>
          {/* Unmounted when closed: each opening starts from the form's saved name. */}
          <RenameFields
            name={form.name}
            isBusy={isBusy}
            isSaving={updateForm.isPending}
            onClose={close}
            onSubmit={({ name }) => updateForm.mutate({ formId: form.id, update: { name } }, { onSuccess: onClose })}
          />
          <Divider />
          <DangerZone
            title={messages.forms.deleteZone}
            text={messages.forms.deleteZoneText}
            buttonLabel={messages.forms.deleteForm}
            disabled={isBusy}
            onDelete={confirmation.open}
          />
        </Stack>
      </Modal>
      <ConfirmDeleteModal
        opened={isConfirming}
        text={messages.forms.deleteConfirmation}
        isDeleting={deleteForm.isPending}
        onConfirm={confirmDelete}
        onClose={confirmation.close}
      />
    </>
  );
}

interface RenameFieldsProps {
  name: string;
  isBusy: boolean;
  isSaving: boolean;
  onClose: () => void;
  onSubmit: (rename: Rename) => void;
}

function RenameFields({ name, isBusy, isSaving, onClose, onSubmit }: RenameFieldsProps) {
  const { register, handleSubmit, formState } = useForm<Rename>({
    resolver: renameResolver,
    defaultValues: { name },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <TextInput
          label={messages.forms.name}
          required
          data-autofocus
          autoComplete="off"
          disabled={isBusy}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {messages.common.close}
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isSaving ? messages.common.saving : messages.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { messages, patientUpdateRequest, type Patient, type PatientUpdate } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { AvatarUpload } from '../../../components/avatar-upload';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DangerZone } from '../../../components/danger-zone';
import { SidePanel } from '../../../components/side-panel';
import { fullName } from '../../../lib/format';
import { useDeletePatient, usePatientDeletion } from '../api/delete-patient';
import { patientQueryOptions } from '../api/get-patient';
import { useUpdatePatient } from '../api/update-patient';
import { useUploadPatientAvatar } from '../api/upload-patient-avatar';
import { PatientAvatar } from './patient-avatar';
import { PatientDataSection } from './patient-data-section';
import { PatientBalance } from './patient-balance';
import { PatientFormFields } from './patient-form-fields';
import { patientFormValues, type PatientFormValues } from './patient-form-values';

// See new-patient-panel.tsx for the cast.
const patientUpdateResolver = zodResolver(patientUpdateRequest) as Resolver<PatientFormValues, unknown, PatientUpdate>;

interface EditPatientPanelProps {
  /** The patient whose 'Editar' was clicked, as the list showed it. */
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Editar Paciente': the same fields as a new patient, the picture, and the danger zone whose
 * delete asks for confirmation first (with the full name typed when finalized records would go).
 */
/**
 * The WhatsApp consent is sent only when the professional changed the switch: a panel opened before
 * the patient answered 'PARAR' must not turn it back on with an unrelated edit.
 */
function withoutUntouchedConsent(update: PatientUpdate, consentTouched: boolean): PatientUpdate {
  if (consentTouched) return update;
  const { whatsappOptIn: _untouched, ...rest } = update;
  return rest;
}

export function EditPatientPanel({ patient: listedPatient, opened, onClose }: EditPatientPanelProps) {
  // Follows the cached patient, so a new picture or a save shows at once.
  const { data: patient = listedPatient } = useQuery({
    ...patientQueryOptions(listedPatient.id),
    initialData: listedPatient,
  });
  const updatePatient = useUpdatePatient();
  const uploadAvatar = useUploadPatientAvatar();
  const deletePatient = useDeletePatient();
  const deletion = usePatientDeletion(listedPatient.id, opened);
  const [isConfirming, confirmation] = useDisclosure(false);
  const isBusy = updatePatient.isPending || uploadAvatar.isPending || deletePatient.isPending;

  const formValues = useMemo(() => patientFormValues(patient), [patient]);
  const form = useForm<PatientFormValues, unknown, PatientUpdate>({
    resolver: patientUpdateResolver,
    // The form loads from the patient, and again whenever the saved patient changes (a new
    // picture, a save), keeping whatever the professional has typed and not saved yet.
    values: formValues,
    resetOptions: { keepDirtyValues: true },
  });

  const close = () => {
    if (isBusy) return;
    form.reset(formValues);
    onClose();
  };

  const submit = form.handleSubmit((update) =>
    updatePatient.mutate(
      { patientId: patient.id, patient: withoutUntouchedConsent(update, form.formState.dirtyFields.whatsappOptIn === true) },
      {
        onSuccess: (response) => {
          form.reset(patientFormValues(response.data.patient));
          onClose();
        },
      },
    ),
  );

  // Records must be kept 5 years (CFP 001/2009): with finalized ones, the name is typed to delete.
  const patientName = fullName(patient.firstName, patient.lastName);
  const keptRecords = deletion.data?.confirmNameRequired ? deletion.data.finalizedRecords : null;
  const typedName = keptRecords === null ? undefined : { label: messages.patients.typedName, expected: patientName };

  const confirmDelete = (typedText: string) =>
    deletePatient.mutate(
      { patientId: patient.id, confirmName: typedName ? typedText : undefined },
      {
        onSuccess: () => {
          confirmation.close();
          onClose();
        },
      },
    );

  return (
    <>
      <SidePanel opened={opened} onClose={close} title={messages.patients.editPatient} isDirty={form.formState.isDirty}>
        <Stack>
          <AvatarUpload
            avatar={<PatientAvatar patient={patient} size={96} radius={96} />}
            label={messages.patients.uploadAvatar}
            uploadingLabel={messages.patients.uploadingAvatar}
            isUploading={uploadAvatar.isPending}
            disabled={isBusy}
            onUpload={(file) => uploadAvatar.mutate({ patientId: patient.id, file })}
          />
          <PatientBalance patientId={patient.id} enabled={opened} />
          <form noValidate onSubmit={(event) => void submit(event)}>
            <Stack>
              <PatientFormFields form={form} disabled={isBusy} whatsappOptInAt={patient.whatsappOptInAt} whatsappStoppedAt={patient.whatsappStoppedAt} />
              <Group justify="flex-end">
                <Button type="submit" disabled={isBusy}>
                  {updatePatient.isPending ? messages.common.saving : messages.common.save}
                </Button>
              </Group>
            </Stack>
          </form>
          <Divider />
          <PatientDataSection patientId={patient.id} />
          <Divider />
          <DangerZone
            title={messages.patients.dangerZone}
            text={messages.patients.dangerZoneText}
            buttonLabel={messages.patients.deletePatient}
            disabled={isBusy}
            onDelete={confirmation.open}
          />
        </Stack>
      </SidePanel>
      <ConfirmDeleteModal
        opened={isConfirming}
        text={keptRecords === null ? messages.patients.deleteConfirmation : messages.patients.deleteKeptRecords(keptRecords, patientName)}
        typed={typedName}
        isDeleting={deletePatient.isPending}
        onConfirm={confirmDelete}
        onClose={confirmation.close}
      />
    </>
  );
}

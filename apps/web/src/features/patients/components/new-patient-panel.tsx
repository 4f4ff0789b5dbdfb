import { messages, patientCreateRequest, type PatientCreate } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { SidePanel } from '../../../components/side-panel';
import { useCreatePatient } from '../api/create-patient';
import { PatientFormFields } from './patient-form-fields';
import { newPatientFormValues, type PatientFormValues } from './patient-form-values';

// The inputs hold text; the shared schema turns it into the request (blank -> null, digits
// only). Its preprocessed fields accept `unknown`, hence the cast (as in the profile form).
const patientCreateResolver = zodResolver(patientCreateRequest) as Resolver<PatientFormValues, unknown, PatientCreate>;

interface NewPatientPanelProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Novo Paciente': only the first name is required. The form starts over (Brasil, +55) on close and after a save. */
export function NewPatientPanel({ opened, onClose }: NewPatientPanelProps) {
  const createPatient = useCreatePatient();
  const form = useForm<PatientFormValues, unknown, PatientCreate>({
    resolver: patientCreateResolver,
    defaultValues: newPatientFormValues(),
  });
  const isBusy = createPatient.isPending;

  const close = () => {
    if (isBusy) return;
    form.reset(newPatientFormValues());
    onClose();
  };

  const submit = form.handleSubmit((patient) =>
    createPatient.mutate(patient, {
      onSuccess: () => {
        form.reset(newPatientFormValues());
        onClose();
      },
    }),
  );

  return (
    <SidePanel opened={opened} onClose={close} title={messages.patients.newPatient} isDirty={form.formState.isDirty}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          <PatientFormFields form={form} disabled={isBusy} />
          <Group justify="flex-end">
            <Button type="submit" disabled={isBusy}>
              {isBusy ? messages.common.creating : messages.common.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </SidePanel>
  );
}

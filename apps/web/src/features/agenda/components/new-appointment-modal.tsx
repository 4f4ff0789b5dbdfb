import { limits, messages, type AppointmentCreate } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, NumberInput, Radio, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { hasErrorCode } from '../../../lib/api-client';
import { useCreateAppointment } from '../api/create-appointment';
import { usePatientOptions, type PatientOption } from '../api/search-patients';
import { AppointmentFields, DayInput } from './appointment-fields';
import { createFormSchema, newAppointmentValues, repeatChoices, repeatEnds, type AppointmentFormValues } from './appointment-form';


interface NewAppointmentModalProps {
  /** The instant of the clicked slot; null while the modal is closed. */
  startsAt: string | null;
  timeZone: string;
  /** The profile's office address: where a new in-person appointment takes place unless changed. */
  officeAddress: string | null;
  onClose: () => void;
}

/** 'Nova consulta': the patient, when, how long, repeated or not, how and where, the fee, and notes. */
export function NewAppointmentModal({ startsAt, timeZone, officeAddress, onClose }: NewAppointmentModalProps) {
  const createAppointment = useCreateAppointment();
  const close = () => {
    createAppointment.reset();
    onClose();
  };
  return (
    <BusyModal opened={startsAt !== null} title={messages.agenda.newAppointment} isBusy={createAppointment.isPending} onClose={close}>
      {/* The content unmounts when the modal closes, so every opening starts from the clicked slot. */}
      {startsAt !== null && (
        <NewAppointmentForm
          startsAt={startsAt}
          timeZone={timeZone}
          officeAddress={officeAddress}
          isCreating={createAppointment.isPending}
          overlap={hasErrorCode(createAppointment.error, 'APPOINTMENT_OVERLAP') ? createAppointment.error.message : null}
          onClose={close}
          onSubmit={(request) => createAppointment.mutate(request, { onSuccess: close })}
        />
      )}
    </BusyModal>
  );
}

interface NewAppointmentFormProps {
  startsAt: string;
  timeZone: string;
  officeAddress: string | null;
  isCreating: boolean;
  /** The 409's message when the last try overlapped another appointment. */
  overlap: string | null;
  onClose: () => void;
  onSubmit: (request: AppointmentCreate) => void;
}

function NewAppointmentForm({ startsAt, timeZone, officeAddress, isCreating, overlap, onClose, onSubmit }: NewAppointmentFormProps) {
  const resolver = useMemo(() => zodResolver(createFormSchema(timeZone)) as Resolver<AppointmentFormValues, unknown, AppointmentCreate>, [timeZone]);
  const form = useForm<AppointmentFormValues, unknown, AppointmentCreate>({ resolver, defaultValues: newAppointmentValues(startsAt, timeZone, officeAddress) });
  const { control, handleSubmit, formState, getFieldState, setValue } = form;
  useUnsavedChanges(formState.isDirty);
  const [repeat, repeatEnd, date] = useWatch({ control, name: ['repeat', 'repeatEnd', 'date'] });
  const [lastRequest, setLastRequest] = useState<AppointmentCreate | null>(null);

  const submit = handleSubmit((request) => {
    setLastRequest(request);
    onSubmit(request);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <PatientSelect
          control={control}
          disabled={isCreating}
          onChosen={(patient) => {
            // The patient's fee, unless one was typed for this appointment.
            if (!getFieldState('feeCents').isDirty) setValue('feeCents', patient?.sessionFeeCents ?? '');
          }}
        />
        <AppointmentFields form={form} disabled={isCreating} officeAddress={officeAddress} />
        <Controller
          control={control}
          name="repeat"
          render={({ field }) => (
            <Select
              label={messages.agenda.repeat}
              data={repeatChoices.map((choice) => ({ value: choice, label: messages.agenda.repeats[choice] }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'none')}
              allowDeselect={false}
              disabled={isCreating}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        {repeat !== 'none' && (
          <>
            <Controller
              control={control}
              name="repeatEnd"
              render={({ field }) => (
                <Radio.Group label={messages.agenda.repeatEnd} value={field.value} onChange={(value) => field.onChange(value)}>
                  <Stack gap={6} mt={4}>
                    {repeatEnds.map((end) => (
                      <Radio key={end} value={end} label={messages.agenda.repeatEnds[end]} disabled={isCreating} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            {repeatEnd === 'count' && (
              <Controller
                control={control}
                name="count"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={messages.agenda.repeatCount}
                    required
                    min={2}
                    max={limits.recurrenceCountMax}
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                    onBlur={field.onBlur}
                    disabled={isCreating}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            {repeatEnd === 'until' && (
              <DayInput control={control} name="until" label={messages.agenda.repeatUntil} disabled={isCreating} minDate={date} />
            )}
          </>
        )}
        {overlap !== null && lastRequest !== null && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              {overlap}
              <Button size="xs" variant="light" color="red" disabled={isCreating} onClick={() => onSubmit({ ...lastRequest, allowOverlap: true })}>
                {messages.agenda.bookAnyway}
              </Button>
            </Stack>
          </Alert>
        )}
        <FormActions submitLabel={isCreating ? messages.agenda.booking : messages.agenda.book} disabled={isCreating} onClose={onClose} />
      </Stack>
    </form>
  );
}

const SEARCH_DEBOUNCE_MS = 250;

interface PatientSelectProps {
  control: Control<AppointmentFormValues, unknown, AppointmentCreate>;
  disabled: boolean;
  onChosen: (patient: PatientOption | null) => void;
}

/** The professional's patients, searched by name on the server as the name is typed. */
function PatientSelect({ control, disabled, onChosen }: PatientSelectProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<PatientOption | null>(null);
  const options = usePatientOptions(debouncedSearch.trim());
  const found = options.data ?? [];
  // The chosen patient stays an option while another search runs.
  const data = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  return (
    <Controller
      control={control}
      name="patientId"
      render={({ field, fieldState }) => (
        <Select
          label={messages.agenda.patient}
          required
          placeholder={messages.agenda.patientPlaceholder}
          searchable
          data={data}
          // The server already filtered by name (ignoring accents).
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={setSearch}
          value={field.value === '' ? null : field.value}
          onChange={(value) => {
            const patient = data.find((option) => option.value === value) ?? null;
            setChosen(patient);
            field.onChange(value ?? '');
            onChosen(patient);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={disabled}
          nothingFoundMessage={options.isFetching ? messages.app.loading : messages.agenda.noPatients}
          error={fieldState.error?.message}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

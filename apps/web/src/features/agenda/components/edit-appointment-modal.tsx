import { messages, type Appointment, type AppointmentUpdateRequest, type ChangeScope } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatShortDateTime, formatTimeRange } from '../../../lib/zoned-time';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useUpdateAppointment } from '../api/update-appointment';
import { asksScope } from './appointment-events';
import { AppointmentFields } from './appointment-fields';
import { appointmentValues, editFormSchema, hasChanges, toUpdateRequest, type AppointmentFormValues } from './appointment-form';
import { ScopeChoice } from './scope-choice';
import { SessionNoteAction } from './session-note-action';
import { statusOrder } from './status-colors';

const CONFLICT_STATUS = 409;

/** What the professional asked for, waiting for 'Só esta' or 'Esta e as seguintes' on a series. */
type Action = { kind: 'save'; changes: AppointmentUpdateRequest } | { kind: 'cancel'; reason: string } | { kind: 'delete' };
type Step = 'form' | 'cancel' | 'delete' | 'scope';

interface EditAppointmentModalProps {
  /** The clicked appointment; null while the modal is closed. */
  appointment: Appointment | null;
  timeZone: string;
  onClose: () => void;
}

/** An appointment: change it, mark its status, cancel it (with a reason) or delete it. */
export function EditAppointmentModal({ appointment, timeZone, onClose }: EditAppointmentModalProps) {
  const updateAppointment = useUpdateAppointment();
  const deleteAppointment = useDeleteAppointment();
  const isBusy = updateAppointment.isPending || deleteAppointment.isPending;
  const close = () => {
    updateAppointment.reset();
    deleteAppointment.reset();
    onClose();
  };
  return (
    <BusyModal opened={appointment !== null} title={messages.agenda.editAppointment} isBusy={isBusy} onClose={close}>
      {appointment !== null && (
        <EditAppointmentContent
          key={appointment.id}
          appointment={appointment}
          timeZone={timeZone}
          isBusy={isBusy}
          overlap={updateAppointment.error instanceof ApiError && updateAppointment.error.status === CONFLICT_STATUS ? updateAppointment.error.message : null}
          onRun={(action, scope, allowOverlap) => {
            const appointmentId = appointment.id;
            if (action.kind === 'delete') {
              deleteAppointment.mutate({ appointmentId, scope }, { onSuccess: close });
              return;
            }
            const changes: AppointmentUpdateRequest =
              action.kind === 'save' ? action.changes : { status: 'cancelled', cancellationReason: action.reason === '' ? null : action.reason };
            updateAppointment.mutate(
              { appointmentId, changes: { ...changes, scope, ...(allowOverlap ? { allowOverlap } : {}) } },
              { onSuccess: close },
            );
          }}
          onClose={close}
        />
      )}
    </BusyModal>
  );
}

interface EditAppointmentContentProps {
  appointment: Appointment;
  timeZone: string;
  isBusy: boolean;
  overlap: string | null;
  onRun: (action: Action, scope: ChangeScope, allowOverlap?: boolean) => void;
  onClose: () => void;
}

function EditAppointmentContent({ appointment, timeZone, isBusy, overlap, onRun, onClose }: EditAppointmentContentProps) {
  const [step, setStep] = useState<Step>('form');
  const [pending, setPending] = useState<{ action: Action; scope: ChangeScope } | null>(null);
  const [reason, setReason] = useState('');
  const resolver = useMemo(() => zodResolver(editFormSchema(timeZone)) as Resolver<AppointmentFormValues>, [timeZone]);
  const form = useForm<AppointmentFormValues>({ resolver, defaultValues: appointmentValues(appointment, timeZone) });
  const inSeries = asksScope(appointment);

  const run = (action: Action, scope: ChangeScope) => {
    setPending({ action, scope });
    onRun(action, scope);
  };
  const ask = (action: Action) => {
    if (!inSeries) {
      run(action, 'this');
      return;
    }
    setPending({ action, scope: 'this' });
    setStep('scope');
  };

  const submit = form.handleSubmit((values) => {
    const changes = toUpdateRequest(values, appointment, timeZone);
    if (!hasChanges(changes)) onClose();
    else ask({ kind: 'save', changes });
  });

  return (
    <Stack>
      <Stack gap={2}>
        <Text fw={600}>{appointment.patientName}</Text>
        <Text size="sm">
          {formatLongDate(appointment.startsAt, timeZone)} · {formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}
        </Text>
        {inSeries && (
          <Text size="sm" c="dimmed">
            {messages.agenda.partOfSeries}
          </Text>
        )}
        {appointment.reminderSentAt && (
          <Text size="sm" c="dimmed">
            {messages.agenda.reminderSent(formatShortDateTime(appointment.reminderSentAt, timeZone))}
          </Text>
        )}
        {appointment.reminderError && (
          <Text size="sm" c="red">
            {messages.agenda.reminderFailed(appointment.reminderError)}
          </Text>
        )}
        {appointment.status === 'cancelled' && appointment.cancellationReason && (
          <Text size="sm">{messages.agenda.cancelledBecause(appointment.cancellationReason)}</Text>
        )}
        <Group mt={4}>
          <SessionNoteAction appointment={appointment} timeZone={timeZone} onLeave={onClose} />
        </Group>
      </Stack>

      {overlap !== null && pending !== null && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {overlap}
            <Button size="xs" variant="light" color="red" disabled={isBusy} onClick={() => onRun(pending.action, pending.scope, true)}>
              {messages.agenda.saveAnyway}
            </Button>
          </Stack>
        </Alert>
      )}

      {step === 'scope' && pending !== null ? (
        <ScopeChoice disabled={isBusy} onBack={() => setStep('form')} onChoose={(scope) => run(pending.action, scope)} />
      ) : step === 'cancel' ? (
        <Stack>
          <Textarea
            label={messages.agenda.cancelReason}
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            disabled={isBusy}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={isBusy}>
              {messages.agenda.keepAppointment}
            </Button>
            <Button color="red" onClick={() => ask({ kind: 'cancel', reason: reason.trim() })} disabled={isBusy}>
              {messages.agenda.confirmCancel}
            </Button>
          </Group>
        </Stack>
      ) : step === 'delete' ? (
        <Stack>
          <Text>{messages.agenda.deleteConfirmation}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={isBusy}>
              {messages.agenda.keepAppointment}
            </Button>
            <Button color="red" onClick={() => ask({ kind: 'delete' })} disabled={isBusy}>
              {messages.agenda.deleteAppointment}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack>
            <AppointmentFields form={form} disabled={isBusy} />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label={messages.agenda.status}
                  data={statusOrder.map((status) => ({ value: status, label: messages.agenda.statuses[status] }))}
                  value={field.value}
                  onChange={(value) => {
                    if (value) field.onChange(value);
                  }}
                  allowDeselect={false}
                  disabled={isBusy}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Group justify="space-between">
              <Group gap="xs">
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setStep('delete')} disabled={isBusy}>
                  {messages.agenda.deleteAppointment}
                </Button>
                {appointment.status !== 'cancelled' && (
                  <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setStep('cancel')} disabled={isBusy}>
                    {messages.agenda.cancelAppointment}
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={onClose} disabled={isBusy}>
                  {messages.common.close}
                </Button>
                <Button type="submit" disabled={isBusy}>
                  {isBusy ? messages.common.saving : messages.common.save}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

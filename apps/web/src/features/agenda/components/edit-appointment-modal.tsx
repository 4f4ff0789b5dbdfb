import { formatCents, messages, type Appointment, type AppointmentUpdateRequest, type ChangeScope } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Radio, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { CloseButton } from '../../../components/form-actions';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { VideoRoomSection } from './video-room-section';
import { AppointmentMessages } from './appointment-messages';
import { hasErrorCode } from '../../../lib/api-client';
import { formatLongDate, formatTimeRange } from '../../../lib/zoned-format';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useUpdateAppointment } from '../api/update-appointment';
import { asksScope } from './appointment-events';
import { AppointmentFields } from './appointment-fields';
import { appointmentValues, asksToCharge, editFormSchema, hasChanges, toUpdateRequest, type AppointmentFormValues } from './appointment-form';
import { ScopeChoice } from './scope-choice';
import { SessionNoteAction } from './session-note-action';
import { BookingDecision } from './booking-decision';
import { statusOrder } from './status-colors';


/** What the professional asked for, waiting for 'Só esta' or 'Esta e as seguintes' on a series. */
type Action = { kind: 'save'; changes: AppointmentUpdateRequest } | { kind: 'cancel'; reason: string; chargeMissed: boolean } | { kind: 'delete' };
type Step = 'form' | 'cancel' | 'delete' | 'scope';

interface EditAppointmentModalProps {
  /** The clicked appointment; null while the modal is closed. */
  appointment: Appointment | null;
  timeZone: string;
  /** The profile's office address, where an in-person appointment without a place of its own takes place. */
  officeAddress: string | null;
  onClose: () => void;
}

/**
 * An appointment: change it, its fee or waiver, mark its status (a missed one charged or not),
 * cancel it (with a reason) or delete it.
 */
export function EditAppointmentModal({ appointment, timeZone, officeAddress, onClose }: EditAppointmentModalProps) {
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
          officeAddress={officeAddress}
          isBusy={isBusy}
          overlap={hasErrorCode(updateAppointment.error, 'APPOINTMENT_OVERLAP') ? updateAppointment.error.message : null}
          onRun={(action, scope, allowOverlap) => {
            const appointmentId = appointment.id;
            if (action.kind === 'delete') {
              deleteAppointment.mutate({ appointmentId, scope }, { onSuccess: close });
              return;
            }
            const changes: AppointmentUpdateRequest =
              action.kind === 'save'
                ? action.changes
                : { status: 'cancelled', cancellationReason: action.reason === '' ? null : action.reason, ...(action.chargeMissed ? { chargeMissed: true } : {}) };
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
  officeAddress: string | null;
  isBusy: boolean;
  overlap: string | null;
  onRun: (action: Action, scope: ChangeScope, allowOverlap?: boolean) => void;
  onClose: () => void;
}

function EditAppointmentContent({ appointment, timeZone, officeAddress, isBusy, overlap, onRun, onClose }: EditAppointmentContentProps) {
  const [step, setStep] = useState<Step>('form');
  const [pending, setPending] = useState<{ action: Action; scope: ChangeScope } | null>(null);
  const [reason, setReason] = useState('');
  const [chargeCancelled, setChargeCancelled] = useState(false);
  const resolver = useMemo(() => zodResolver(editFormSchema(timeZone)) as Resolver<AppointmentFormValues>, [timeZone]);
  const form = useForm<AppointmentFormValues>({ resolver, defaultValues: appointmentValues(appointment, timeZone) });
  useUnsavedChanges(form.formState.isDirty || reason.trim() !== '' || chargeCancelled);
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
      <AppointmentMessages appointmentId={appointment.id} timeZone={timeZone} />
      {appointment.status === 'requested' && <BookingDecision appointment={appointment} onDone={onClose} />}
      {appointment.modality === 'online' && appointment.status !== 'cancelled' && <VideoRoomSection appointmentId={appointment.id} timeZone={timeZone} />}

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
          {appointment.feeCents > 0 && (
            <Checkbox
              label={messages.agenda.cancelCharge}
              checked={chargeCancelled}
              onChange={(event) => setChargeCancelled(event.currentTarget.checked)}
              disabled={isBusy}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={isBusy}>
              {messages.agenda.keepAppointment}
            </Button>
            <Button color="red" onClick={() => ask({ kind: 'cancel', reason: reason.trim(), chargeMissed: chargeCancelled })} disabled={isBusy}>
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
            <AppointmentFields form={form} disabled={isBusy} officeAddress={officeAddress} />
            <PaymentFields control={form.control} appointment={appointment} disabled={isBusy} />
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
            <ChargeChoice control={form.control} disabled={isBusy} />
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
                <CloseButton onClose={onClose} disabled={isBusy} />
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

interface PaymentFieldsProps {
  control: Control<AppointmentFormValues>;
  appointment: Appointment;
  disabled: boolean;
}

/** How the session stands with payments, and 'Sessão isenta de pagamento' (not for one already paid). */
function PaymentFields({ control, appointment, disabled }: PaymentFieldsProps) {
  const isPaid = appointment.paymentStatus === 'paid';
  return (
    <Stack gap={4}>
      {appointment.paidCents > 0 && (
        <Text size="sm">{messages.agenda.paymentState(messages.finance.paymentStatuses[appointment.paymentStatus], formatCents(appointment.paidCents))}</Text>
      )}
      <Controller
        control={control}
        name="waived"
        render={({ field }) => (
          <Switch
            label={messages.agenda.waived}
            description={isPaid ? messages.agenda.waivedPaidNote : undefined}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            disabled={disabled || isPaid}
          />
        )}
      />
    </Stack>
  );
}

/** 'Faltou' (or a cancelled appointment): whether the session is charged all the same. */
function ChargeChoice({ control, disabled }: { control: Control<AppointmentFormValues>; disabled: boolean }) {
  const status = useWatch({ control, name: 'status' });
  if (!asksToCharge(status)) return null;
  return (
    <Controller
      control={control}
      name="chargeMissed"
      render={({ field }) => (
        <Radio.Group
          label={messages.agenda.chargeMissed}
          value={field.value ? 'charge' : 'free'}
          onChange={(value) => field.onChange(value === 'charge')}
        >
          <Group mt={4}>
            <Radio value="charge" label={messages.agenda.chargeMissedOptions.charge} disabled={disabled} />
            <Radio value="free" label={messages.agenda.chargeMissedOptions.free} disabled={disabled} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}

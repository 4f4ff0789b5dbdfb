import { limits, messages, modalities } from '@consultorio/shared';
import { Group, NumberInput, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/money-input';
import type { AppointmentFormValues } from './appointment-form';

interface DayInputProps<TOutput> {
  control: Control<AppointmentFormValues, unknown, TOutput>;
  name: 'date' | 'until';
  label: string;
  disabled: boolean;
  minDate?: string;
}

/** A day typed as DD/MM/AAAA or picked from a calendar (1900 to 2100); the form holds YYYY-MM-DD. */
export function DayInput<TOutput>({ control, name, label, disabled, minDate }: DayInputProps<TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          required
          placeholder={messages.placeholders.date}
          firstDayOfWeek={1}
          minDate={minDate ?? limits.dateMin}
          value={field.value || null}
          onChange={(date) => field.onChange(date ?? '')}
          onBlur={field.onBlur}
          disabled={disabled}
          error={fieldState.error?.message}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

interface AppointmentFieldsProps<TOutput> {
  form: UseFormReturn<AppointmentFormValues, unknown, TOutput>;
  disabled: boolean;
  /** The profile's 'Endereço do consultório', where an in-person appointment without a place of its own takes place. */
  officeAddress: string | null;
}

/**
 * The day, time, length, modality (with the place when in person, the video link when online),
 * the session's fee and notes of an appointment.
 */
export function AppointmentFields<TOutput>({ form, disabled, officeAddress }: AppointmentFieldsProps<TOutput>) {
  const { control, register, formState } = form;
  const { errors } = formState;
  const modality = useWatch({ control, name: 'modality' });

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <DayInput control={control} name="date" label={messages.agenda.date} disabled={disabled} />
        <TextInput
          label={messages.agenda.time}
          required
          placeholder={messages.agenda.timePlaceholder}
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          disabled={disabled}
          error={errors.time?.message}
          {...register('time')}
        />
        <Controller
          control={control}
          name="durationMinutes"
          render={({ field, fieldState }) => (
            <NumberInput
              label={messages.agenda.duration}
              suffix={messages.agenda.durationSuffix}
              required
              min={limits.appointmentMinutesMin}
              max={limits.appointmentMinutesMax}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
              onBlur={field.onBlur}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="modality"
        render={({ field }) => (
          <Radio.Group label={messages.agenda.modalityLabel} value={field.value} onChange={(value) => field.onChange(value)}>
            <Group mt={4}>
              {modalities.map((option) => (
                <Radio key={option} value={option} label={messages.agenda.modality[option]} disabled={disabled} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      {modality === 'online' ? (
        <TextInput
          type="url"
          label={messages.agenda.videoLink}
          placeholder={messages.agenda.videoLinkPlaceholder}
          disabled={disabled}
          error={errors.videoLink?.message}
          {...register('videoLink')}
        />
      ) : (
        <TextInput
          label={messages.agenda.location}
          placeholder={officeAddress ?? undefined}
          description={officeAddress ? messages.agenda.locationOfficeNote : messages.agenda.locationNoOfficeNote}
          maxLength={limits.locationMax}
          autoComplete="off"
          disabled={disabled}
          error={errors.location?.message}
          {...register('location')}
        />
      )}
      <Controller
        control={control}
        name="feeCents"
        render={({ field, fieldState }) => (
          <MoneyInput
            label={messages.fields.sessionFee}
            description={messages.agenda.feeNote}
            disabled={disabled}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Textarea
        label={messages.agenda.notes}
        autosize
        minRows={2}
        maxRows={5}
        disabled={disabled}
        error={errors.notes?.message}
        {...register('notes')}
      />
    </Stack>
  );
}

import { messages } from '@consultorio/shared';
import { SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { BirthdateInput } from '../../../components/birthdate-input';
import { ContactFields } from '../../../components/contact-fields';
import { GenderSelect } from '../../../components/gender-select';
import { MoneyInput } from '../../../components/money-input';
import { useTimeZone } from '../../../lib/session';
import { formatDate } from '../../../lib/format';
import type { PatientFormValues } from './patient-form-values';

interface PatientFormFieldsProps<TOutput> {
  form: UseFormReturn<PatientFormValues, unknown, TOutput>;
  /** While a save, an upload or a delete runs nothing can be changed. */
  disabled: boolean;
  /** When the patient agreed to WhatsApp reminders, as saved (an existing patient's). */
  whatsappOptInAt?: string | null | undefined;
  /** When the patient answered 'PARAR' by WhatsApp, as saved. */
  whatsappStoppedAt?: string | null | undefined;
}

/** What the WhatsApp switch says under it: what it is for, then when consent was given, or when the patient stopped it. */
function whatsappDescription(isOn: boolean, optInAt: string | null | undefined, stoppedAt: string | null | undefined, timeZone: string | undefined): string {
  const help = messages.whatsapp.optInHelp;
  if (isOn && optInAt) return `${help} ${messages.whatsapp.optInRecordedOn(formatDate(optInAt, timeZone))}`;
  if (!isOn && stoppedAt) return `${help} ${messages.whatsapp.stoppedOn(formatDate(stoppedAt, timeZone))}`;
  return help;
}

/** The inputs shared by the 'Novo Paciente' and 'Editar Paciente' panels. */
export function PatientFormFields<TOutput>({ form, disabled, whatsappOptInAt, whatsappStoppedAt }: PatientFormFieldsProps<TOutput>) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const timeZone = useTimeZone();

  return (
    <Stack gap="sm">
      <TextInput
        label={messages.fields.firstName}
        autoComplete="off"
        required
        disabled={disabled}
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextInput
        label={messages.fields.lastName}
        autoComplete="off"
        disabled={disabled}
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <GenderSelect
              label={messages.fields.gender}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              error={errors.gender?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="birthdate"
          render={({ field }) => (
            <BirthdateInput
              label={messages.fields.birthdate}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              error={errors.birthdate?.message}
            />
          )}
        />
      </SimpleGrid>
      <ContactFields form={form} disabled={disabled} />
      <TextInput
        type="email"
        label={messages.fields.email}
        autoComplete="off"
        disabled={disabled}
        error={errors.email?.message}
        {...register('email')}
      />
      <Controller
        control={control}
        name="remindersOptOut"
        render={({ field }) => (
          <Switch
            label={messages.patients.remindersOptOut}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
          />
        )}
      />
      <Controller
        control={control}
        name="whatsappOptIn"
        render={({ field }) => (
          <Switch
            label={messages.whatsapp.optInLabel}
            description={whatsappDescription(field.value, whatsappOptInAt, whatsappStoppedAt, timeZone)}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
          />
        )}
      />
      <TextInput
        label={messages.fields.patientDocument}
        placeholder={messages.placeholders.document}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        error={errors.document?.message}
        {...register('document')}
      />
      <Title order={4} mt="xs">
        {messages.finance.patientSection}
      </Title>
      <Controller
        control={control}
        name="sessionFeeCents"
        render={({ field }) => (
          <MoneyInput
            label={messages.fields.sessionFee}
            description={messages.finance.sessionFeeNote}
            disabled={disabled}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.sessionFeeCents?.message}
          />
        )}
      />
      <Text size="sm" fw={500}>
        {messages.finance.payerSection}
      </Text>
      <Text size="xs" c="dimmed" mt={-8}>
        {messages.finance.payerNote}
      </Text>
      <TextInput label={messages.fields.payerName} autoComplete="off" disabled={disabled} error={errors.payerName?.message} {...register('payerName')} />
      <TextInput
        label={messages.fields.payerDocument}
        placeholder={messages.placeholders.document}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        error={errors.payerDocument?.message}
        {...register('payerDocument')}
      />
      <TextInput
        type="email"
        label={messages.fields.payerEmail}
        placeholder={messages.placeholders.email}
        autoComplete="off"
        disabled={disabled}
        error={errors.payerEmail?.message}
        {...register('payerEmail')}
      />
    </Stack>
  );
}

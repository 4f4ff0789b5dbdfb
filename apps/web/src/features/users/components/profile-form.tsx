import {
  carneLeaoOccupations,
  isReceitaSaudeObliged,
  limits,
  messages,
  profileUpdateRequest,
  reminderLeadHoursOptions,
  reminderLeadsMax,
  taxpayerTypes,
  type Gender,
  type ProfileUpdate,
  type User,
} from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { BirthdateInput } from '../../../components/birthdate-input';
import { ContactFields } from '../../../components/contact-fields';
import { GenderSelect } from '../../../components/gender-select';
import { timeZoneOptions } from '../../../lib/zoned-time';
import { browserTimeZone, zoneName } from '../../../lib/zoned-format';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormValues, type ProfileFormValues } from './profile-form-values';
import { asTitle, titleAfterGenderChange, titleOptions } from './title-options';

// The inputs hold text; the shared schema turns it into the request (blank -> null, digits only).
// Its preprocessed fields accept `unknown`, which react-hook-form's types cannot line up with
// the form's own field types, hence the cast.
const profileResolver = zodResolver(profileUpdateRequest) as Resolver<ProfileFormValues, unknown, ProfileUpdate>;

interface ProfileFormProps {
  user: User;
  /** Opens 'Alterar e-mail': the e-mail is not edited here, only through its confirmation link. */
  onChangeEmail: () => void;
}

export function ProfileForm({ user, onChangeEmail }: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const emailLabelId = useId();
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profileResolver,
    defaultValues: profileFormValues(user),
  });
  const { register, control, handleSubmit, formState, getValues, setValue, reset } = form;
  const { errors } = formState;
  const gender = useWatch({ control, name: 'gender' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  const taxpayerType = useWatch({ control, name: 'taxpayerType' });
  const occupationCode = useWatch({ control, name: 'occupationCode' });
  const zones = useMemo(() => timeZoneOptions(user.timeZone), [user.timeZone]);
  const browserZone = browserTimeZone();

  const submit = handleSubmit((profile) =>
    updateProfile.mutate(profile, { onSuccess: (response) => reset(profileFormValues(response.data.user)) }),
  );

  const changeGender = (nextGender: Gender | '') => {
    setValue('gender', nextGender, { shouldDirty: true });
    setValue('title', titleAfterGenderChange(getValues('title'), nextGender), { shouldDirty: true });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={messages.fields.firstName}
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label={messages.fields.lastName}
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <GenderSelect
                label={messages.fields.gender}
                value={field.value}
                onChange={changeGender}
                onBlur={field.onBlur}
                error={errors.gender?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="title"
            render={({ field }) => (
              <Select
                label={messages.fields.title}
                placeholder={messages.placeholders.select}
                data={titleOptions(gender)}
                clearable
                value={field.value || null}
                onChange={(value) => field.onChange(asTitle(value))}
                onBlur={field.onBlur}
                error={errors.title?.message}
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
                error={errors.birthdate?.message}
              />
            )}
          />
          <TextInput
            label={messages.fields.document}
            placeholder={messages.placeholders.document}
            inputMode="numeric"
            error={errors.document?.message}
            {...register('document')}
          />
          <ContactFields form={form} isOwn />
          <Stack gap={4} role="group" aria-labelledby={emailLabelId}>
            <Text size="sm" fw={500} id={emailLabelId}>
              {messages.fields.email}
            </Text>
            {/* On a phone the button goes below the address rather than squeezing it. */}
            <Group gap="xs" wrap="wrap" justify="space-between">
              <Text style={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>{user.email}</Text>
              <Button size="xs" variant="default" leftSection={<IconMail size={16} />} onClick={onChangeEmail} style={{ flexShrink: 0 }}>
                {messages.account.changeEmail}
              </Button>
            </Group>
          </Stack>
          <TextInput
            label={messages.fields.profession}
            autoComplete="organization-title"
            error={errors.profession?.message}
            {...register('profession')}
          />
          <Controller
            control={control}
            name="timeZone"
            render={({ field, fieldState }) => (
              <Stack gap={4}>
                <Select
                  label={messages.account.timeZone}
                  placeholder={messages.account.timeZoneSearch}
                  description={messages.account.timeZoneShownAs(zoneName(field.value))}
                  data={zones}
                  searchable
                  allowDeselect={false}
                  limit={50}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? user.timeZone)}
                  onBlur={field.onBlur}
                  nothingFoundMessage={messages.common.nothingFound}
                  error={fieldState.error?.message}
                />
                {browserZone !== timeZone && zones.some((zone) => zone.value === browserZone) && (
                  <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setValue('timeZone', browserZone, { shouldDirty: true })}>
                    {messages.account.useBrowserZone(browserZone.replaceAll('_', ' '))}
                  </Anchor>
                )}
              </Stack>
            )}
          />
          <Controller
            control={control}
            name="emailReminderLeadHours"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={messages.whatsapp.leadsEmail}
                description={messages.whatsapp.leadsHelp}
                data={reminderLeadHoursOptions.map((hours) => ({ value: String(hours), label: messages.whatsapp.leadOption(hours) }))}
                maxValues={reminderLeadsMax}
                value={field.value.map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="whatsappReminderLeadHours"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={messages.whatsapp.leadsWhatsapp}
                description={messages.whatsapp.leadsHelp}
                data={reminderLeadHoursOptions.map((hours) => ({ value: String(hours), label: messages.whatsapp.leadOption(hours) }))}
                maxValues={reminderLeadsMax}
                value={field.value.map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Stack gap={2} mt="sm">
          <Title order={4}>{messages.account.financeSection}</Title>
          <Text size="sm" c="dimmed">
            {messages.account.financeSectionNote}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={messages.fields.professionalRegistration}
            placeholder={messages.placeholders.professionalRegistration}
            autoComplete="off"
            error={errors.professionalRegistration?.message}
            {...register('professionalRegistration')}
          />
          <TextInput label={messages.fields.city} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <TextInput
            label={messages.fields.officeAddress}
            description={messages.account.officeAddressNote}
            placeholder={messages.placeholders.officeAddress}
            autoComplete="street-address"
            maxLength={limits.locationMax}
            error={errors.officeAddress?.message}
            {...register('officeAddress')}
          />
          <TextInput
            label={messages.fields.pixKey}
            placeholder={messages.placeholders.pixKey}
            autoComplete="off"
            description={user.pixKeyType ? messages.account.pixKeyType(messages.finance.pixKeyTypes[user.pixKeyType]) : undefined}
            error={errors.pixKey?.message}
            {...register('pixKey')}
          />
        </SimpleGrid>
        <TaxFields control={control} register={register} errors={errors} obliged={isReceitaSaudeObliged(taxpayerType, occupationCode || null)} isCompany={taxpayerType === 'company'} />
        <Group justify="flex-end">
          <Button type="submit" disabled={updateProfile.isPending}>
            {updateProfile.isPending ? messages.common.saving : messages.account.saveProfile}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const tp = messages.tax.profile;
const occupationOptions = Object.entries(carneLeaoOccupations).map(([code, name]) => ({ value: code, label: tp.occupationOption(code, name) }));

interface TaxFieldsProps {
  control: ReturnType<typeof useForm<ProfileFormValues, unknown, ProfileUpdate>>['control'];
  register: ReturnType<typeof useForm<ProfileFormValues, unknown, ProfileUpdate>>['register'];
  errors: ReturnType<typeof useForm<ProfileFormValues, unknown, ProfileUpdate>>['formState']['errors'];
  obliged: boolean;
  isCompany: boolean;
}

/** How the professional works (individual or company, with the CNPJ) and the Carnê-Leão occupation, with the Receita Saúde duty when it applies. */
function TaxFields({ control, register, errors, obliged, isCompany }: TaxFieldsProps) {
  return (
    <Stack gap="sm" mt="sm">
      <Title order={4}>{tp.section}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="taxpayerType"
          render={({ field, fieldState }) => (
            <Select
              label={tp.taxpayerType}
              data={taxpayerTypes.map((type) => ({ value: type, label: tp.taxpayerTypes[type] }))}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'individual')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {isCompany && <TextInput label={tp.cnpj} required autoComplete="off" error={errors.cnpj?.message} {...register('cnpj')} />}
        <Controller
          control={control}
          name="occupationCode"
          render={({ field, fieldState }) => (
            <Select
              label={tp.occupationCode}
              data={occupationOptions}
              searchable
              clearable
              placeholder={tp.occupationNone}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              nothingFoundMessage={messages.common.nothingFound}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      {obliged && (
        <Alert color="blue" title={messages.tax.panel.title}>
          {tp.obligationNote}
        </Alert>
      )}
    </Stack>
  );
}

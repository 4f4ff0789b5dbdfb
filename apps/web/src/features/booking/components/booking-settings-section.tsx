import { messages, type Availability, type Modality, type User, type WeeklyInterval } from '@consultorio/shared';
import { ActionIcon, Anchor, Button, Checkbox, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useQaTemplates } from '../../../lib/qa-templates';
import { useAvailability, useUpdateAvailability, useUpdateBookingPage } from '../api/availability';

const b = messages.booking;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const MODALITIES: readonly Modality[] = ['in_person', 'online'];
/** The intake select's 'Nenhum' (no questionnaire). */
const NONE = 'none';

/**
 * 'Agendamento online' in 'Minha conta': the booking page's switch and address, the weekly hours
 * (several intervals a day) and the rules of the slots, in the professional's time zone.
 */
export function BookingSettingsSection({ user }: { user: User }) {
  const availability = useAvailability();
  return (
    <Stack>
      <Title order={3}>{b.settingsTitle}</Title>
      <Text size="sm" c="dimmed">
        {b.settingsIntro}
      </Text>
      {availability.data ? <BookingSettingsForm user={user} initial={availability.data} /> : <Loader size="sm" aria-label={messages.app.loading} />}
    </Stack>
  );
}

function BookingSettingsForm({ user, initial }: { user: User; initial: Availability }) {
  const saveAvailability = useUpdateAvailability();
  const templates = useQaTemplates();
  const savePage = useUpdateBookingPage();
  const [enabled, setEnabled] = useState(user.bookingEnabled);
  const [slug, setSlug] = useState(user.bookingSlug ?? '');
  const [values, setValues] = useState<Availability>(initial);
  const set = <K extends keyof Availability>(key: K, value: Availability[K]) => setValues({ ...values, [key]: value });
  const setInterval = (index: number, change: Partial<WeeklyInterval>) => set('weekly', values.weekly.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const pageUrl = user.bookingSlug ? `${window.location.origin}/agendar/${user.bookingSlug}` : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await savePage.mutateAsync({
        firstName: user.firstName,
        lastName: user.lastName ?? '',
        gender: user.gender,
        title: user.title,
        birthdate: user.birthdate,
        cc: user.cc,
        phone: user.phone,
        country: user.country,
        profession: user.profession,
        bookingSlug: slug.trim() === '' ? null : slug.trim(),
        bookingEnabled: enabled,
      });
      // Its answer's message ('Disponibilidade salva.') is the save's one toast.
      await saveAvailability.mutateAsync(values);
    } catch {
      // The API client showed why.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <Switch label={b.enabled} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
        <TextInput label={b.slug} description={b.slugHint} leftSection={<Text size="xs">/agendar/</Text>} leftSectionWidth={70} value={slug} onChange={(event) => setSlug(event.currentTarget.value)} />
        {pageUrl && user.bookingEnabled && (
          <Text size="sm">
            {b.pageLink}:{' '}
            <Anchor href={pageUrl} target="_blank" rel="noreferrer">
              {pageUrl}
            </Anchor>
          </Text>
        )}
        <Title order={4}>{b.weeklyHours}</Title>
        {WEEKDAYS.map((weekday) => (
          <Stack key={weekday} gap={4}>
            <Group justify="space-between">
              <Text fw={500}>{b.weekdays[weekday - 1]}</Text>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                aria-label={`${b.addInterval}: ${b.weekdays[weekday - 1]}`}
                onClick={() => set('weekly', [...values.weekly, { weekday, start: '09:00', end: '12:00' }])}
              >
                {b.addInterval}
              </Button>
            </Group>
            {values.weekly.map((interval, index) =>
              interval.weekday !== weekday ? null : (
                <Group key={index} gap="xs" wrap="nowrap">
                  <TextInput type="time" label={b.intervalStart} value={interval.start} onChange={(event) => setInterval(index, { start: event.currentTarget.value })} style={{ flex: 1 }} />
                  <TextInput type="time" label={b.intervalEnd} value={interval.end} onChange={(event) => setInterval(index, { end: event.currentTarget.value })} style={{ flex: 1 }} />
                  <ActionIcon variant="subtle" color="red" mt={24} aria-label={`${b.removeInterval}: ${b.weekdays[weekday - 1]} ${interval.start}`} onClick={() => set('weekly', values.weekly.filter((_, i) => i !== index))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ),
            )}
          </Stack>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={b.sessionMinutes} min={10} max={480} value={values.sessionMinutes} onChange={(value) => set('sessionMinutes', Number(value))} />
          <NumberInput label={b.bufferMinutes} min={0} max={240} value={values.bufferMinutes} onChange={(value) => set('bufferMinutes', Number(value))} />
          <NumberInput label={b.minNoticeHours} min={0} max={720} value={values.minNoticeHours} onChange={(value) => set('minNoticeHours', Number(value))} />
          <NumberInput label={b.maxDaysAhead} min={1} max={180} value={values.maxDaysAhead} onChange={(value) => set('maxDaysAhead', Number(value))} />
          <NumberInput label={b.cancellationNoticeHours} min={0} max={720} value={values.cancellationNoticeHours} onChange={(value) => set('cancellationNoticeHours', Number(value))} />
        </SimpleGrid>
        <Checkbox.Group label={b.modalities} value={values.modalities} onChange={(checked) => set('modalities', MODALITIES.filter((modality) => checked.includes(modality)))}>
          <Group mt="xs">
            {MODALITIES.map((modality) => (
              <Checkbox key={modality} value={modality} label={messages.agenda.modality[modality]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch label={b.requiresApproval} checked={values.requiresApproval} onChange={(event) => set('requiresApproval', event.currentTarget.checked)} />
        <Select
          label={b.intakeTemplate}
          description={b.intakeTemplateHint}
          data={[{ value: NONE, label: b.intakeNone }, ...(templates.data ?? []).map((template) => ({ value: template.id, label: template.name }))]}
          value={values.intakeTemplateId ?? NONE}
          onChange={(value) => set('intakeTemplateId', value === null || value === NONE ? null : value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group>
          <Button type="submit" loading={savePage.isPending || saveAvailability.isPending}>
            {b.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

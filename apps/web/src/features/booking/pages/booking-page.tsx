import { messages, type BookingProfile, type BookingSlot, type Modality } from '@consultorio/shared';
import { Alert, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { formatLongDate, formatTime, zoneName } from '../../../lib/zoned-format';
import { bookingProfileQueryOptions, listBookingSlots, useBookingProfile, useRequestBooking } from '../api/public-booking';
import { queryClient } from '../../../lib/query-client';
import { SlotPicker, todayIn, weekSlotsQuery } from '../../../components/slot-picker';

const b = messages.booking;

/**
 * The public booking page (/agendar/:slug), without a session: who the professional is, the free
 * slots of a week in the professional's zone (named), and the person's details for the chosen
 * one. The booking is held until the link mailed to the person confirms it.
 */
export function BookingPage() {
  const { slug = '' } = useParams();
  const profile = useBookingProfile(slug);
  if (profile.isPending) return <PageLoader />;
  if (!profile.data) {
    return (
      <Alert color="red" variant="light">
        {hasErrorCode(profile.error, 'BOOKING_PAGE_NOT_FOUND', 'NOT_FOUND', 'VALIDATION') ? b.unavailable : messages.requestErrors.generic}
      </Alert>
    );
  }
  return <BookingContent slug={slug} profile={profile.data} />;
}

function BookingContent({ slug, profile }: { slug: string; profile: BookingProfile }) {
  const { timeZone } = profile;
  const [chosen, setChosen] = useState<BookingSlot | null>(null);
  const [sent, setSent] = useState(false);

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <Stack gap={2}>
          <Title order={1} size="h2">
            {b.pageTitle(profile.name)}
          </Title>
          {(profile.profession || profile.professionalRegistration) && (
            <Text c="dimmed">{[profile.profession, profile.professionalRegistration].filter(Boolean).join(' · ')}</Text>
          )}
          <Text size="sm">{profile.modalities.map((modality) => messages.agenda.modality[modality]).join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            {b.timeZoneNote(zoneName(timeZone))}
          </Text>
        </Stack>

        {sent ? (
          <Alert role="status" color="teal" variant="light" icon={<IconCalendarCheck size={18} />}>
            {b.requestSent}
          </Alert>
        ) : chosen ? (
          <BookingForm slug={slug} profile={profile} slot={chosen} onBack={() => setChosen(null)} onSent={() => setSent(true)} />
        ) : (
          <Stack>
            <Title order={2} size="h4">
              {b.chooseSlot}
            </Title>
            <SlotPicker
              timeZone={timeZone}
              maxDaysAhead={profile.maxDaysAhead}
              queryKey={slotsQueryKey(slug)}
              load={(range, signal) => listBookingSlots(slug, range, signal)}
              onChoose={setChosen}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

interface BookingFormProps {
  slug: string;
  profile: BookingProfile;
  slot: BookingSlot;
  onBack: () => void;
  onSent: () => void;
}

function BookingForm({ slug, profile, slot, onBack, onSent }: BookingFormProps) {
  const request = useRequestBooking(slug);
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', phone: '', document: '' });
  const [modality, setModality] = useState<Modality>(profile.modalities[0] ?? 'in_person');
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const formError = request.error instanceof ApiError ? request.error.message : null;
  const when = `${formatLongDate(slot.startsAt, profile.timeZone)}, ${formatTime(slot.startsAt, profile.timeZone)}`;
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => setValues({ ...values, [name]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Said at once, next to the box, rather than asked of the server.
    if (!consent) {
      setConsentMissing(true);
      return;
    }
    request.mutate(
      { startsAt: slot.startsAt, modality, ...values, consent },
      { onSuccess: onSent },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{b.chosen(when)}</Text>
          <Button variant="subtle" onClick={onBack}>
            {b.changeSlot}
          </Button>
        </Group>
        <Title order={2} size="h4">
          {b.yourData}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={b.firstName} required autoComplete="given-name" {...field('firstName')} />
          <TextInput label={b.lastName} autoComplete="family-name" {...field('lastName')} />
          <TextInput label={b.email} required type="email" autoComplete="email" {...field('email')} />
          <TextInput label={b.phone} type="tel" autoComplete="tel" {...field('phone')} />
          <TextInput label={b.document} inputMode="numeric" {...field('document')} />
        </SimpleGrid>
        {profile.modalities.length > 1 && (
          <Radio.Group label={b.modality} value={modality} onChange={(value) => setModality(value)}>
            <Group mt="xs">
              {profile.modalities.map((item) => (
                <Radio key={item} value={item} label={messages.agenda.modality[item]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Checkbox
          label={b.consent}
          checked={consent}
          error={consentMissing && !consent ? b.consentRequired : undefined}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            setConsentMissing(false);
          }}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" loading={request.isPending}>
          {b.submit}
        </Button>
      </Stack>
    </form>
  );
}

const slotsQueryKey = (slug: string) => ['booking', slug, 'slots'] as const;

/**
 * The page's professional and then the first week's slots (in the professional's zone), asked for
 * as soon as this module loads (app/page-modules.ts), before the router draws the page.
 */
export function prefetchData({ slug = '' }: Record<string, string>): void {
  void queryClient.fetchQuery(bookingProfileQueryOptions(slug)).then(
    (profile) => queryClient.prefetchQuery(weekSlotsQuery(slotsQueryKey(slug), todayIn(profile.timeZone), 0, (range, signal) => listBookingSlots(slug, range, signal))),
    () => undefined,
  );
}

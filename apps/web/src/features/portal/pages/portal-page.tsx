import { formatCents, messages, type PortalAppointment } from '@consultorio/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatTimeRange } from '../../../lib/zoned-time';
import { signInToPortal, usePortalAction, usePortalAppointments, usePortalLists, useRequestPortalLink, useSignOutOfPortal } from '../api/portal';

const p = messages.portal;
const UNAUTHORIZED = 401;

/**
 * The patient portal (/portal), phone first: with the mailed link's token it signs in (once),
 * without a session it asks for the e-mail, and signed in it shows the appointments (confirm,
 * cancel within the notice), the pending questionnaires, the receipts and the documents.
 */
export function PortalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [signInError, setSignInError] = useState<string | null>(null);
  const [ready, setReady] = useState(token === '');
  const used = useRef(false);

  useEffect(() => {
    if (token === '' || used.current) return;
    used.current = true;
    signInToPortal(token).then(
      () => {
        setSearchParams({}, { replace: true });
        setReady(true);
      },
      (error: unknown) => {
        setSignInError(error instanceof ApiError ? error.message : messages.requestErrors.generic);
        setSearchParams({}, { replace: true });
        setReady(true);
      },
    );
  }, [token, setSearchParams]);

  const appointments = usePortalAppointments(ready);
  if (!ready || appointments.isPending) return <PageLoader />;
  const signedOut = appointments.error instanceof ApiError && appointments.error.status === UNAUTHORIZED;
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <Title order={1} size="h2">
          {p.title}
        </Title>
        {signInError && (
          <Alert color="red" variant="light" role="alert">
            {signInError}
          </Alert>
        )}
        {signedOut || !appointments.data ? <SignInForm /> : <PortalContent appointments={appointments.data} />}
      </Stack>
    </Paper>
  );
}

function SignInForm() {
  const request = useRequestPortalLink();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email);
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Title order={2} size="h4">
          {p.signInTitle}
        </Title>
        <Text size="sm">{p.signInText}</Text>
        <TextInput label={p.email} type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        {request.isSuccess && (
          <Alert role="status" color="teal" variant="light">
            {p.linkSent}
          </Alert>
        )}
        <Button type="submit" loading={request.isPending}>
          {p.sendLink}
        </Button>
      </Stack>
    </form>
  );
}

function PortalContent({ appointments }: { appointments: PortalAppointment[] }) {
  const signOut = useSignOutOfPortal();
  const lists = usePortalLists(true);
  const [now] = useState(() => Date.now());
  const upcoming = appointments.filter((item) => Date.parse(item.endsAt) > now);
  const past = appointments.filter((item) => Date.parse(item.endsAt) <= now).reverse();
  return (
    <Stack>
      <Group justify="flex-end">
        <Button variant="subtle" onClick={() => signOut.mutate(undefined, { onSuccess: () => window.location.assign('/portal') })}>
          {p.signOut}
        </Button>
      </Group>
      <Title order={2} size="h4">
        {p.upcoming}
      </Title>
      {upcoming.length === 0 ? <Text>{p.noAppointments}</Text> : upcoming.map((item) => <AppointmentCard key={item.id} appointment={item} />)}
      <Title order={2} size="h4">
        {p.forms}
      </Title>
      {lists.forms.data?.length ? (
        lists.forms.data.map((form) => (
          <Group key={form.id} justify="space-between" wrap="wrap">
            <Text>
              {form.name} · {form.professionalName}
            </Text>
            <Anchor href={form.url}>{p.fillForm}</Anchor>
          </Group>
        ))
      ) : (
        <Text c="dimmed">{p.nothing}</Text>
      )}
      <Title order={2} size="h4">
        {p.receipts}
      </Title>
      {lists.receipts.data?.length ? (
        lists.receipts.data.map((receipt) => (
          <Text key={receipt.id}>
            {p.receiptLabel(receipt.receiptNumber)} · {formatCents(receipt.amountCents)} · {receipt.professionalName}
          </Text>
        ))
      ) : (
        <Text c="dimmed">{p.nothing}</Text>
      )}
      <Title order={2} size="h4">
        {p.documents}
      </Title>
      {lists.documents.data?.length ? (
        lists.documents.data.map((document) => (
          <Text key={document.id}>
            {document.title} · {document.professionalName}
          </Text>
        ))
      ) : (
        <Text c="dimmed">{p.nothing}</Text>
      )}
      <Title order={2} size="h4">
        {p.past}
      </Title>
      {past.length === 0 ? <Text c="dimmed">{p.noAppointments}</Text> : past.map((item) => <AppointmentCard key={item.id} appointment={item} />)}
    </Stack>
  );
}

function AppointmentCard({ appointment }: { appointment: PortalAppointment }) {
  const action = usePortalAction();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const { timeZone } = appointment;
  const open = appointment.status === 'scheduled' || appointment.status === 'confirmed' || appointment.status === 'requested';
  const [now] = useState(() => Date.now());
  const future = Date.parse(appointment.startsAt) > now;
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{formatLongDate(appointment.startsAt, timeZone)}</Text>
          <Badge variant="light">{messages.agenda.statuses[appointment.status]}</Badge>
        </Group>
        <Text size="sm">
          {formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)} · {messages.agenda.modality[appointment.modality]}
        </Text>
        <Text size="sm" c="dimmed">
          {p.with(appointment.professionalName)}
        </Text>
        {appointment.videoUrl && (
          <Anchor href={appointment.videoUrl} size="sm">
            {p.videoRoom}
          </Anchor>
        )}
        {open && future && !cancelling && (
          <Group gap="xs" mt={4}>
            {appointment.status === 'scheduled' && (
              <Button size="xs" loading={action.isPending} onClick={() => action.mutate({ id: appointment.id, kind: 'confirm' })}>
                {p.confirm}
              </Button>
            )}
            <Button size="xs" variant="light" color="red" disabled={action.isPending} onClick={() => setCancelling(true)}>
              {p.cancel}
            </Button>
          </Group>
        )}
        {open && future && !appointment.changeable && <Text size="xs" c="dimmed">{p.errors.tooLateToCancel(appointment.cancellationNoticeHours)}</Text>}
        {cancelling && (
          <Stack gap="xs">
            <Textarea label={p.cancelReason} value={reason} maxLength={500} onChange={(event) => setReason(event.currentTarget.value)} />
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setCancelling(false)}>
                {p.back}
              </Button>
              <Button
                size="xs"
                color="red"
                loading={action.isPending}
                onClick={() => action.mutate({ id: appointment.id, kind: 'cancel', reason: reason.trim() }, { onSettled: () => setCancelling(false) })}
              >
                {p.confirmCancel}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

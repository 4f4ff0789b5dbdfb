import { formatCents, messages, type BookingSlot, type PortalAppointment, type PortalBalance } from '@consultorio/shared';
import { Alert, Anchor, Badge, Button, Card, Checkbox, CopyButton, Group, Image, List, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { formatDate, formatDay } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { formatLongDate, formatTime, formatTimeRange } from '../../../lib/zoned-format';
import { SlotPicker } from '../../../components/slot-picker';
import {
  CONSENT_REQUIRED,
  documentPdfUrl,
  isSignedOut,
  listSlotsToMove,
  portalAppointmentsQueryOptions,
  portalConsentQueryOptions,
  portalListsQueryOptions,
  receiptPdfUrl,
  signInToPortal,
  useAcceptPortalConsent,
  usePortalAction,
  usePortalAppointments,
  usePortalConsent,
  usePortalLists,
  useRequestPortalLink,
  useSignOutOfPortal,
  useWithdrawPortalConsent,
} from '../api/portal';

const p = messages.portal;
/** The longest horizon a professional's page may have (availability's `maxDaysAhead`). */
const MAX_DAYS_AHEAD = 180;

/** Each status's badge: a cancelled session is not drawn in a scheduled one's colour. */
const STATUS_BADGE_COLORS: Record<PortalAppointment['status'], string> = {
  requested: 'yellow',
  scheduled: 'blue',
  confirmed: 'teal',
  attended: 'gray',
  no_show: 'red',
  cancelled: 'gray',
};

/** The sign-in token of the mailed link, '' without one. */
function tokenOf(search: URLSearchParams): string {
  return search.get('token')?.trim() ?? '';
}

/** One of the patient's PDFs: what it is, and 'Baixar PDF' named for it. */
function DownloadRow({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text>{text}</Text>
      <Anchor href={href} download aria-label={label}>
        <Group gap={4} component="span">
          <IconDownload size={16} aria-hidden />
          {p.download}
        </Group>
      </Anchor>
    </Group>
  );
}

/**
 * The patient portal (/portal), phone first: with the mailed link's token it signs in (once),
 * without a session it asks for the e-mail, signed in it first asks for the acceptance of the
 * portal's terms (the API shows nothing before), then shows the appointments (confirm, cancel or
 * reschedule within the notice), the pending questionnaires, the open balance with its Pix code,
 * and the receipts and documents to download.
 */
export function PortalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = tokenOf(searchParams);
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
  const signedOut = isSignedOut(appointments.error);
  const consentRequired = hasErrorCode(appointments.error, CONSENT_REQUIRED);
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
        {consentRequired ? <ConsentStep /> : signedOut || !appointments.data ? <SignInForm /> : <PortalContent appointments={appointments.data} />}
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

/** The portal's terms, for the professionals who invited the patient; accepted, the portal opens. */
function ConsentStep() {
  const consent = usePortalConsent();
  const accept = useAcceptPortalConsent();
  const signOut = useSignOutOfPortal();
  const [agreed, setAgreed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what was shown is accepted (an invitation arriving meanwhile is asked for again).
    if (agreed && consent.data) accept.mutate(consent.data.pendingSince, { onSuccess: () => setAgreed(false) });
  };
  return (
    <form onSubmit={submit} aria-labelledby="portal-terms-title">
      <Stack>
        <Title order={2} size="h4" id="portal-terms-title">
          {p.consent.title}
        </Title>
        <Text size="sm">{p.consent.intro}</Text>
        {p.consent.terms.map((paragraph) => (
          <Text key={paragraph} size="sm">
            {paragraph}
          </Text>
        ))}
        {consent.data && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {p.consent.professionals}
            </Text>
            <List size="sm">
              {consent.data.professionals.map((name) => (
                <List.Item key={name}>{name}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Checkbox label={p.consent.checkbox} checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => signOut.mutate(undefined, { onSuccess: () => window.location.assign('/portal') })}>
            {p.signOut}
          </Button>
          <Button type="submit" disabled={!agreed || !consent.data} loading={accept.isPending}>
            {p.consent.accept}
          </Button>
        </Group>
        {/* Terms accepted for another professional may be withdrawn without accepting these first. */}
        {consent.data?.acceptedAt && <WithdrawConsent />}
      </Stack>
    </form>
  );
}

function PortalContent({ appointments }: { appointments: PortalAppointment[] }) {
  const signOut = useSignOutOfPortal();
  const lists = usePortalLists();
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
        {p.balanceTitle}
      </Title>
      {lists.balances.data?.length ? lists.balances.data.map((balance) => <BalanceCard key={balance.professionalName} balance={balance} />) : <Text c="dimmed">{p.noBalance}</Text>}
      <Title order={2} size="h4">
        {p.receipts}
      </Title>
      {lists.receipts.data?.length ? (
        lists.receipts.data.map((receipt) => (
          <DownloadRow
            key={receipt.id}
            text={`${p.receiptLabel(receipt.receiptNumber)} · ${formatDay(receipt.paidAt)} · ${formatCents(receipt.amountCents)} · ${receipt.professionalName}`}
            href={receiptPdfUrl(receipt.id)}
            label={p.downloadReceipt(receipt.receiptNumber)}
          />
        ))
      ) : (
        <Text c="dimmed">{p.nothing}</Text>
      )}
      <Title order={2} size="h4">
        {p.documents}
      </Title>
      {lists.documents.data?.length ? (
        lists.documents.data.map((document) => (
          <DownloadRow key={document.id} text={`${document.title} · ${formatDate(document.issuedAt)} · ${document.professionalName}`} href={documentPdfUrl(document.id)} label={p.downloadDocument(document.title)} />
        ))
      ) : (
        <Text c="dimmed">{p.nothing}</Text>
      )}
      <Title order={2} size="h4">
        {p.past}
      </Title>
      {past.length === 0 ? <Text c="dimmed">{p.noAppointments}</Text> : past.map((item) => <AppointmentCard key={item.id} appointment={item} />)}
      <WithdrawConsent />
    </Stack>
  );
}

/** 'Retirar meu consentimento' (LGPD), confirmed first: the patient leaves the portal, and each professional sees when. */
function WithdrawConsent() {
  const withdraw = useWithdrawPortalConsent();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Group mt="md">
      <Button variant="default" onClick={() => setIsConfirming(true)}>
        {p.consent.withdraw}
      </Button>
      <ConfirmModal
        opened={isConfirming}
        title={p.consent.withdrawTitle}
        text={p.consent.withdrawConfirmation}
        confirmLabel={p.consent.withdrawConfirm}
        color="red"
        isBusy={withdraw.isPending}
        onConfirm={() => withdraw.mutate()}
        onClose={() => setIsConfirming(false)}
      />
    </Group>
  );
}

/** What is owed to one professional, and the Pix 'copia e cola' to pay it (copied with a button) with its QR Code. */
function BalanceCard({ balance }: { balance: PortalBalance }) {
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Text fw={600}>{formatCents(balance.balanceCents)}</Text>
        <Text size="sm" c="dimmed">
          {p.balanceWith(balance.professionalName, balance.sessions)}
        </Text>
        {balance.pix ? (
          <>
            <Textarea label={p.pixCode} value={balance.pix.payload} readOnly autosize minRows={2} styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }} />
            <CopyButton value={balance.pix.payload}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? p.pixCopied : p.copyPix}
                </Button>
              )}
            </CopyButton>
            <Image src={balance.pix.qrCode} alt={p.pixQrCode} w={200} h={200} />
          </>
        ) : (
          <Text size="sm">{p.noPix}</Text>
        )}
      </Stack>
    </Card>
  );
}

function AppointmentCard({ appointment }: { appointment: PortalAppointment }) {
  const action = usePortalAction();
  const [cancelling, setCancelling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  // A time tapped is only chosen: the appointment moves when 'Confirmar remarcação' is pressed.
  const [chosenSlot, setChosenSlot] = useState<BookingSlot | null>(null);
  const [reason, setReason] = useState('');
  const { timeZone } = appointment;
  const open = appointment.status === 'scheduled' || appointment.status === 'confirmed' || appointment.status === 'requested';
  const [now] = useState(() => Date.now());
  const future = Date.parse(appointment.startsAt) > now;
  const dayId = useId();
  const timeId = useId();
  // An article named by its day and time: each card's 'Confirmar presença', 'Remarcar' and
  // 'Cancelar consulta' are heard with the appointment they act on.
  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={`${dayId} ${timeId}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} id={dayId}>
            {formatLongDate(appointment.startsAt, timeZone)}
          </Text>
          <Badge variant="light" color={STATUS_BADGE_COLORS[appointment.status]}>
            {messages.agenda.statuses[appointment.status]}
          </Badge>
        </Group>
        <Text size="sm" id={timeId}>
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
        {open && future && !cancelling && !rescheduling && (
          <Group gap="xs" mt={4}>
            {appointment.status === 'scheduled' && (
              <Button size="xs" loading={action.isPending} onClick={() => action.mutate({ id: appointment.id, kind: 'confirm' })}>
                {p.confirm}
              </Button>
            )}
            {appointment.changeable && (
              <Button size="xs" variant="light" disabled={action.isPending} onClick={() => setRescheduling(true)}>
                {p.reschedule}
              </Button>
            )}
            <Button size="xs" variant="light" color="red" disabled={action.isPending} onClick={() => setCancelling(true)}>
              {p.cancel}
            </Button>
          </Group>
        )}
        {rescheduling && (
          <Stack gap="xs" mt={4}>
            <Text size="sm" fw={600}>
              {p.chooseNewTime}
            </Text>
            <SlotPicker
              timeZone={timeZone}
              maxDaysAhead={MAX_DAYS_AHEAD}
              queryKey={['portal', 'slots', appointment.id]}
              load={(range, signal) => listSlotsToMove(appointment.id, range, signal)}
              label={p.slotLabel}
              disabled={action.isPending}
              onChoose={setChosenSlot}
              chosenStartsAt={chosenSlot?.startsAt ?? null}
            />
            {chosenSlot && (
              <Alert color="blue" variant="light" role="status">
                {p.rescheduleTo(formatLongDate(chosenSlot.startsAt, timeZone), formatTime(chosenSlot.startsAt, timeZone))}
              </Alert>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setChosenSlot(null);
                  setRescheduling(false);
                }}
              >
                {p.back}
              </Button>
              {chosenSlot && (
                <Button
                  size="xs"
                  loading={action.isPending}
                  onClick={() =>
                    action.mutate(
                      { id: appointment.id, kind: 'reschedule', startsAt: chosenSlot.startsAt },
                      {
                        onSuccess: () => {
                          setChosenSlot(null);
                          setRescheduling(false);
                        },
                      },
                    )
                  }
                >
                  {p.confirmReschedule}
                </Button>
              )}
            </Group>
          </Stack>
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

/**
 * Asked for as soon as this module loads (app/page-modules.ts): the appointments, and then
 * either the lists below them or, while the terms wait for acceptance, the terms. With the mailed
 * link's token, the page signs in first.
 */
export function prefetchData(_params: Record<string, string>, search: URLSearchParams): void {
  if (tokenOf(search) !== '') return;
  queryClient.fetchQuery(portalAppointmentsQueryOptions).then(
    () => {
      void queryClient.prefetchQuery(portalListsQueryOptions.forms);
      void queryClient.prefetchQuery(portalListsQueryOptions.balances);
      void queryClient.prefetchQuery(portalListsQueryOptions.receipts);
      void queryClient.prefetchQuery(portalListsQueryOptions.documents);
    },
    (error: unknown) => {
      if (hasErrorCode(error, CONSENT_REQUIRED)) void queryClient.prefetchQuery(portalConsentQueryOptions);
    },
  );
}

import { formatCents, messages, type Payment, type PendingPatient } from '@consultorio/shared';
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconQrcode } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { formatSessionStart } from './finance-format';

// Loaded when first opened, with the form and the schema it validates with.
const PaymentModal = lazy(async () => ({ default: (await import('./payment-modal')).PaymentModal }));
const PixChargeModal = lazy(async () => ({ default: (await import('./pix-charge-modal')).PixChargeModal }));

const f = messages.finance;

interface PendingPatientCardProps {
  patient: PendingPatient;
  timeZone: string;
  hasPixKey: boolean;
  onPaid: (payment: Payment) => void;
}

/** The sessions chosen at first: those due (a session ahead is paid in advance only when chosen), or all when none is. */
function initiallyChosen(sessions: PendingPatient['sessions']): ReadonlySet<string> {
  const held = sessions.filter((session) => !session.upcoming);
  return new Set((held.length > 0 ? held : sessions).map((session) => session.id));
}

/** The balance of the sessions due (the server's), and beside it what the sessions ahead will owe. */
function BalanceBadges({ patient }: { patient: PendingPatient }) {
  const aheadCents = patient.sessions.filter((session) => session.upcoming).reduce((sum, session) => sum + session.balanceCents, 0);
  return (
    <Group gap="xs">
      {(patient.balanceCents > 0 || aheadCents === 0) && (
        <Badge variant="light" color="orange" size="lg">
          {f.balance}: {formatCents(patient.balanceCents)}
        </Badge>
      )}
      {aheadCents > 0 && (
        <Badge variant="light" color="gray" size="lg">
          {f.upcomingTotal(formatCents(aheadCents))}
        </Badge>
      )}
    </Group>
  );
}

/** Why a session is listed although not plainly owed: charged though missed, or still ahead. */
function SessionNote({ session }: { session: PendingPatient['sessions'][number] }) {
  const note = session.status === 'no_show' || session.status === 'cancelled' ? f.chargedMissed[session.status] : session.upcoming ? f.upcoming : null;
  if (note === null) return null;
  return (
    <Text span size="xs" c="dimmed">
      {' '}
      ({note})
    </Text>
  );
}

/** One patient's sessions still owed; 'Registrar pagamento' and 'Cobrar por Pix' act on the chosen ones. */
function PendingPatientCard({ patient, timeZone, hasPixKey, onPaid }: PendingPatientCardProps) {
  const titleId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => initiallyChosen(patient.sessions));
  const [dialog, setDialog] = useState<'payment' | 'pix' | null>(null);
  const chosenSessions = patient.sessions.filter((session) => chosen.has(session.id));
  const totalCents = chosenSessions.reduce((sum, session) => sum + session.balanceCents, 0);
  const toggle = (id: string, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Paper component="section" aria-labelledby={titleId} p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Title id={titleId} order={4}>
              {patient.patientName}
            </Title>
            {patient.payerName !== patient.patientName && (
              <Text size="sm" c="dimmed">
                {f.payer}: {patient.payerName}
              </Text>
            )}
          </Stack>
          <BalanceBadges patient={patient} />
        </Group>
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{f.session}</Table.Th>
                {/* On a phone the balance alone (what the payment settles), so that the table fits. */}
                <Table.Th ta="right" visibleFrom="xs">
                  {f.fee}
                </Table.Th>
                <Table.Th ta="right">{f.balance}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {patient.sessions.map((session) => {
                const when = formatSessionStart(session.startsAt, timeZone);
                return (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Checkbox aria-label={f.selectSession(when)} checked={chosen.has(session.id)} onChange={(event) => toggle(session.id, event.currentTarget.checked)} />
                    </Table.Td>
                    <Table.Td>
                      {when}
                      <SessionNote session={session} />
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="xs">
                      {formatCents(session.feeCents)}
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(session.balanceCents)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{f.selectedTotal(chosenSessions.length, formatCents(totalCents))}</Text>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconQrcode size={16} />} disabled={chosenSessions.length === 0} onClick={() => setDialog('pix')} aria-label={f.pixChargeFor(patient.patientName)}>
              {f.pixCharge}
            </Button>
            <Button leftSection={<IconCash size={16} />} disabled={chosenSessions.length === 0} onClick={() => setDialog('payment')} aria-label={f.registerPaymentFor(patient.patientName)}>
              {f.registerPayment}
            </Button>
          </Group>
        </Group>
      </Stack>
      <Suspense fallback={null}>
        {dialog === 'payment' && (
          <PaymentModal patient={patient} sessionIds={chosenSessions.map((session) => session.id)} totalCents={totalCents} timeZone={timeZone} onClose={() => setDialog(null)} onPaid={onPaid} />
        )}
        {dialog === 'pix' && (
          <PixChargeModal patient={patient} sessionIds={chosenSessions.map((session) => session.id)} totalCents={totalCents} hasPixKey={hasPixKey} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Paper>
  );
}

/** 'Sessões pendentes': the month's sessions still owed, one card per patient. */
export function PendingList({
  patients,
  timeZone,
  hasPixKey,
  onPaid,
}: {
  patients: PendingPatient[];
  timeZone: string;
  hasPixKey: boolean;
  onPaid: (payment: Payment) => void;
}) {
  if (patients.length === 0) {
    return (
      <Paper p="md">
        <Text c="dimmed">{f.pendingEmpty}</Text>
        <Text size="sm" c="dimmed">
          {f.noFeeHint}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {patients.map((patient) => (
        // A new key when the sessions change (after a payment) starts the choice afresh.
        <PendingPatientCard key={`${patient.patientId}:${patient.sessions.map((session) => `${session.id}/${session.balanceCents}`).join(',')}`} patient={patient} timeZone={timeZone} hasPixKey={hasPixKey} onPaid={onPaid} />
      ))}
    </Stack>
  );
}

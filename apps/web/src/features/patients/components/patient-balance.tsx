import { formatCents, messages } from '@consultorio/shared';
import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePatientFinance } from '../api/get-patient-finance';

/** The patient's balance ('Saldo devedor') for sessions held and not fully paid, with a way to the finance page. */
export function PatientBalance({ patientId, enabled }: { patientId: string; enabled: boolean }) {
  const finance = usePatientFinance(patientId, enabled);
  if (finance.isPending) return <Skeleton height={20} width={200} />;
  if (finance.isError) return null;
  const { balanceCents } = finance.data;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={balanceCents > 0 ? 600 : 400} c={balanceCents > 0 ? 'orange' : 'dimmed'}>
        {balanceCents > 0 ? messages.finance.patientBalance(formatCents(balanceCents)) : messages.finance.patientNoBalance}
      </Text>
      <Anchor component={Link} to={paths.finance} size="sm">
        {messages.nav.finance}
      </Anchor>
    </Group>
  );
}

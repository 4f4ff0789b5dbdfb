import { messages } from '@consultorio/shared';
import { Alert, Anchor } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useReceitaSaudeReminder } from '../api/get-receita-saude-reminder';

const tp = messages.tax.panel;

/** Reminds of the receipts of past months still to issue in Receita Saúde, leading to 'Financeiro'. */
export function ReceitaSaudeReminder({ timeZone }: { timeZone: string }) {
  const reminder = useReceitaSaudeReminder(timeZone);
  const count = reminder.data?.pastPendingCount ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="yellow" icon={<IconReceiptTax size={20} aria-hidden />} title={tp.title}>
      {tp.pastPending(count)}{' '}
      <Anchor component={Link} to={paths.finance}>
        {tp.openFinance}
      </Anchor>
    </Alert>
  );
}

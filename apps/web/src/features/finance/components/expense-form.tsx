import { carneLeaoExpenseCodes, defaults, messages, type Expense } from '@consultorio/shared';
import { Button, ComboboxChevron, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { intentLoad, isOpeningKey } from '../../../lib/after-paint';
import { StandInSlot } from '../../../lib/stand-in-slot';
import { useCreateExpense, useUpdateExpense } from '../api/expenses';
import type { ExpenseControl, ExpenseControlsProps } from './expense-controls';
import { useSession } from '../../../lib/session';
import { formatDay, todayIn } from './finance-format';

const x = messages.tax.expenses;

// The date, account and amount fields bring @mantine/dates, dayjs, floating-ui and
// react-number-format (some 40 KB gzip): fetched once the page has been painted, not with it, and
// drawn when one of them is reached for (issue 34). Their stand-ins take the same room meanwhile.
const expenseControls = intentLoad(
  () => import('./expense-controls'),
  (module) => module.ExpenseControls,
);

/** 'R$ 1.234,50', as the amount field writes it. */
function typedReais(cents: number): string {
  const [whole = '0', fraction = '00'] = (cents / 100).toFixed(2).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}

/**
 * The three fields as their Mantine inputs draw them closed (label, asterisk, box, value or
 * placeholder, the account's chevron), read-only until one is reached for: the focus draws the
 * real ones, and moves to the real field as it arrives.
 */
function ExpenseControlsStandIn({ date, code, amount, onFocusChange, onReach }: ExpenseControlsProps & { onFocusChange: (focused: ExpenseControl | null) => void; onReach: () => void }) {
  const common = (control: ExpenseControl) => ({
    required: true,
    readOnly: true,
    onFocus: () => {
      onFocusChange(control);
      onReach();
    },
    onBlur: () => onFocusChange(null),
    // After a chunk that did not come the field keeps the focus: a click or a key asks again.
    onClick: onReach,
    onKeyDown: (event: KeyboardEvent) => {
      if (isOpeningKey(event)) onReach();
    },
  });
  return (
    <>
      <TextInput label={x.date} value={date ? formatDay(date) : ''} {...common('date')} />
      <TextInput
        label={x.code}
        value={code ? `${code} — ${carneLeaoExpenseCodes[code] ?? ''}` : ''}
        rightSection={<ComboboxChevron />}
        rightSectionPointerEvents="none"
        {...common('code')}
      />
      <TextInput label={x.amount} value={amount === '' ? '' : typedReais(amount)} placeholder={messages.placeholders.money} {...common('amount')} />
    </>
  );
}

/** A new expense's day: today in the month under way, else the first of the month shown. */
function newExpenseDay(month: string, timeZone: string): string {
  const today = todayIn(timeZone);
  return today.startsWith(`${month}-`) ? today : `${month}-01`;
}

/** 'Adicionar despesa' (date in the month shown) or 'Editar despesa': account of the Carnê-Leão's chart, amount and description. */
export function ExpenseForm({ month, expense, onSaved }: { month: string; expense?: Expense; onSaved?: () => void }) {
  const create = useCreateExpense();
  const update = useUpdateExpense();
  // The professional's zone (a test may render the form without a session).
  const timeZone = useSession().user?.timeZone ?? defaults.timeZone;
  const [date, setDate] = useState<string | null>(() => expense?.date ?? newExpenseDay(month, timeZone));
  const [code, setCode] = useState<string | null>(expense?.code ?? null);
  const [amount, setAmount] = useState<number | ''>(expense?.amountCents ?? '');
  const [description, setDescription] = useState(expense?.description ?? '');
  const { isWanted: areControlsWanted, request: drawControls } = expenseControls.useIntent();
  const [focusedStandIn, setFocusedStandIn] = useState<ExpenseControl | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { date: date ?? '', code: code ?? '', amountCents: amount === '' ? 0 : amount, description };
    if (expense) {
      update.mutate({ id: expense.id, body }, { onSuccess: () => onSaved?.() });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        setAmount('');
        setDescription('');
      },
    });
  };
  const controlsProps: ExpenseControlsProps = { date, onDateChange: setDate, code, onCodeChange: setCode, amount, onAmountChange: setAmount, focused: focusedStandIn };
  const standIn = <ExpenseControlsStandIn {...controlsProps} onFocusChange={setFocusedStandIn} onReach={drawControls} />;
  return (
    <form noValidate onSubmit={submit}>
      <SimpleGrid cols={expense ? 1 : { base: 1, sm: 2, md: 4 }} spacing="xs">
        <StandInSlot isWanted={areControlsWanted} standIn={standIn}>
          <expenseControls.Control {...controlsProps} />
        </StandInSlot>
        <TextInput label={x.description} required maxLength={255} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        {expense ? (
          <Button type="submit" loading={update.isPending}>
            {messages.common.save}
          </Button>
        ) : (
          <Button type="submit" variant="default" leftSection={<IconPlus size={16} />} loading={create.isPending}>
            {x.add}
          </Button>
        )}
      </Group>
    </form>
  );
}

import { carneLeaoExpenseCodes, messages } from '@consultorio/shared';
import { Select } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/money-input';

const x = messages.tax.expenses;
export const expenseCodeOptions = Object.entries(carneLeaoExpenseCodes).map(([code, name]) => ({ value: code, label: `${code} — ${name}` }));

export type ExpenseControl = 'date' | 'code' | 'amount';

export interface ExpenseControlsProps {
  date: string | null;
  onDateChange: (date: string | null) => void;
  code: string | null;
  onCodeChange: (code: string | null) => void;
  amount: number | '';
  onAmountChange: (amount: number | '') => void;
  /** The stand-in that had the focus when these arrived: the focus moves to its field. */
  focused: ExpenseControl | null;
}

/**
 * The expense form's date, account and amount: Mantine's DateInput, Select and NumberInput, a
 * chunk of their own (@mantine/dates, dayjs, floating-ui, react-number-format), drawn in place of
 * `ExpenseControlsStandIn` once it arrives.
 */
export function ExpenseControls({ date, onDateChange, code, onCodeChange, amount, onAmountChange, focused }: ExpenseControlsProps) {
  const dateRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const refs = { date: dateRef, code: codeRef, amount: amountRef };
    if (focused) refs[focused].current?.focus();
    // Only as they arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <DateField
        ref={dateRef}
        label={x.date}
        required
        value={date}
        onChange={onDateChange}
      />
      <Select
        ref={codeRef}
        label={x.code}
        required
        searchable
        data={expenseCodeOptions}
        value={code}
        onChange={onCodeChange}
        nothingFoundMessage={messages.common.nothingFound}
      />
      <MoneyInput ref={amountRef} label={x.amount} required value={amount} onChange={onAmountChange} />
    </>
  );
}

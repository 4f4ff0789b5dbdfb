import { messages } from '@consultorio/shared';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { reaisInputToCents } from '../lib/format';

interface MoneyInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  /** In cents; '' when empty. */
  value: number | '';
  onChange: (cents: number | '') => void;
}

/** An amount in reais as Brazilians type it ('R$ 1.234,50'), held in cents. */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      placeholder={messages.placeholders.money}
      prefix="R$ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      {...props}
      value={value === '' ? '' : value / 100}
      onChange={(typed) => onChange(reaisInputToCents(typed) ?? '')}
    />
  );
}

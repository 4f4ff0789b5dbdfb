import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { messages, todayIsoDate } from '@consultorio/shared';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseBrazilianDate } from '../lib/format';

interface BirthdateInputProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'locale' | 'valueFormat' | 'dateParser' | 'maxDate'> {
  /** YYYY-MM-DD, or '' when not given. */
  value: string;
  onChange: (value: string) => void;
}

/** A birthdate typed as DD/MM/AAAA or picked from a calendar that stops at today. */
export function BirthdateInput({ value, onChange, ...props }: BirthdateInputProps) {
  return (
    <DateInput
      placeholder={messages.placeholders.date}
      clearable
      {...props}
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      dateParser={parseBrazilianDate}
      maxDate={todayIsoDate()}
      value={value || null}
      onChange={(date) => onChange(date ?? '')}
    />
  );
}

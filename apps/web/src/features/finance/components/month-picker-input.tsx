import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { limits, messages } from '@consultorio/shared';
import { MonthPickerInput } from '@mantine/dates';
import { useEffect, useRef } from 'react';

export interface MonthPickerFieldProps {
  month: string;
  onChange: (month: string) => void;
  /** The stand-in had the focus when this arrived: it moves here. */
  takesFocus: boolean;
  /** The stand-in was clicked before this arrived: the calendar opens at once, with the focus. */
  opensAtOnce: boolean;
}

/** 'Mês': the calendar of months (1900 to 2100), a chunk of its own (@mantine/dates, dayjs, floating-ui). */
export function MonthPickerField({ month, onChange, takesFocus, opensAtOnce }: MonthPickerFieldProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takesFocus || opensAtOnce) buttonRef.current?.focus();
    if (opensAtOnce) buttonRef.current?.click();
    // Only as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <MonthPickerInput
      ref={buttonRef}
      label={messages.finance.month}
      locale="pt-br"
      valueFormat="MMMM [de] YYYY"
      minDate={limits.dateMin}
      maxDate={limits.dateMax}
      value={`${month}-01`}
      onChange={(value) => {
        if (value) onChange(value.slice(0, 7));
      }}
      w={190}
    />
  );
}

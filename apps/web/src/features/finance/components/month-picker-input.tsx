import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { limits, messages } from '@consultorio/shared';
import { MonthPickerInput } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import type { StandInHandOver } from '../../../lib/after-paint';

/** A click on the stand-in opens the calendar at once, with the focus. */
export interface MonthPickerFieldProps extends StandInHandOver {
  month: string;
  onChange: (month: string) => void;
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

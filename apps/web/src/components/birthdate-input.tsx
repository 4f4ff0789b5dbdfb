import { limits, messages, todayIsoDate } from '@consultorio/shared';
import type { DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { parseBrazilianDate } from '../lib/format';
import { isShowableBirthdate, typedBirthdate } from './birthdate-text';
import { DateField } from './date-field';

const FORMAT = 'DD/MM/YYYY';

interface BirthdateInputProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'locale' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'fixOnBlur'> {
  /**
   * YYYY-MM-DD; '' when not given; anything else is what was typed and is not a birthdate
   * (e.g. '31/02/1990' or a future date), which the form's schema refuses with its message.
   */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A birthdate typed as DD/MM/AAAA or picked from a calendar from 1900 to today. A date that
 * cannot be one stays in the field as typed and goes to the form, which says why under it.
 */
export function BirthdateInput({ value, onChange, onBlur, ...props }: BirthdateInputProps) {
  // The calendar keeps showing the last valid date while the text is not one, so that what was
  // typed stays on screen (a change of its value would rewrite the text).
  const [calendarValue, setCalendarValue] = useState(isShowableBirthdate(value) ? value : '');
  if (isShowableBirthdate(value) && value !== calendarValue) setCalendarValue(value);
  if (value === '' && calendarValue !== '') setCalendarValue('');

  return (
    <DateField
      placeholder={messages.placeholders.date}
      clearable
      clearButtonProps={{ 'aria-label': messages.fields.clearBirthdate, title: messages.fields.clearBirthdate }}
      {...props}
      locale="pt-br"
      valueFormat={FORMAT}
      dateParser={parseBrazilianDate}
      minDate={limits.dateMin}
      maxDate={todayIsoDate()}
      fixOnBlur={false}
      value={calendarValue || null}
      onChange={(date) => onChange(date ?? '')}
      onBlur={(event) => {
        const shownText = calendarValue ? dayjs(calendarValue).format(FORMAT) : '';
        const typed = typedBirthdate(event.currentTarget.value, shownText);
        if (typed !== undefined && typed !== value) onChange(typed);
        onBlur?.(event);
      }}
    />
  );
}

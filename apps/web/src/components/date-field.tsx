import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { limits } from '@consultorio/shared';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { parseBrazilianDate } from '../lib/format';

const MONTH_LABEL_FORMAT = 'MMMM [de] YYYY';

/**
 * Mantine's DateInput whose open calendar takes the Escape key: a modal or side panel closes on
 * Escape from a window listener that runs before the input's own, unless the input is marked
 * `data-mantine-stop-propagation` (as Mantine's own Select is while its list is open). So the
 * first Escape closes the calendar, and only the next one goes to the modal.
 */
export function DateField({ popoverProps, ...props }: DateInputProps) {
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  return (
    <DateInput
      // The app's dates: typed and shown as dd/mm/aaaa, the month headed 'novembro de 2026' (as
      // Portuguese writes it; Mantine's default is 'novembro 2026'), within 1900-2100.
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      dateParser={parseBrazilianDate}
      monthLabelFormat={MONTH_LABEL_FORMAT}
      minDate={limits.dateMin}
      maxDate={limits.dateMax}
      {...props}
      data-mantine-stop-propagation={isCalendarOpen || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setIsCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setIsCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
}

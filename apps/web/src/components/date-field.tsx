import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';

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
      // 'novembro de 2026', as Portuguese writes a month (Mantine's default is 'novembro 2026').
      monthLabelFormat={MONTH_LABEL_FORMAT}
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

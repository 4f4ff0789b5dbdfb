import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { isMonthInRange, limits, messages } from '@consultorio/shared';
import { ActionIcon, Group } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { shiftMonth } from './finance-format';

/** The month the page shows (YYYY-MM): the previous and next ones, or any picked from the calendar (1900 to 2100). */
export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={messages.finance.previousMonth}
        disabled={!isMonthInRange(shiftMonth(month, -1))}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <MonthPickerInput
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
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={messages.finance.nextMonth}
        disabled={!isMonthInRange(shiftMonth(month, 1))}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

import { isMonthInRange, messages } from '@consultorio/shared';
import { ActionIcon, Group, Input } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, type KeyboardEvent, type PointerEvent } from 'react';
import { intentLoad } from '../../../lib/after-paint';
import { StandInSlot } from '../../../lib/stand-in-slot';
import { monthLabel, shiftMonth } from './finance-format';

// Mantine's month calendar brings @mantine/dates, dayjs and floating-ui (some 30 KB gzip): fetched
// once the page has been painted, not with it, and drawn when the field is reached for (issue 34).
const monthPickerField = intentLoad(
  () => import('./month-picker-input'),
  (module) => module.MonthPickerField,
);

interface MonthPickerStandInProps {
  month: string;
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * Mantine's MonthPickerInput as it is drawn closed (the same wrapper, button, classes' rules and
 * text), until the field is reached for: the focus or a click draws it (a click opens it).
 */
export function MonthPickerStandIn({ month, onFocus, onBlur, onPointerDown, onClick, onKeyDown }: MonthPickerStandInProps) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={messages.finance.month} w={190}>
      <Input
        id={id}
        component="button"
        type="button"
        multiline
        styles={{ input: { cursor: 'pointer', lineHeight: 'unset' } }}
        onFocus={onFocus}
        onBlur={onBlur}
        onPointerDown={onPointerDown}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {monthLabel(month)}
      </Input>
    </Input.Wrapper>
  );
}

/** The month the page shows (YYYY-MM): the previous and next ones, or any picked from the calendar (1900 to 2100). */
export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { isWanted, handOver, handlers } = monthPickerField.useStandIn();
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
      <StandInSlot isWanted={isWanted} standIn={<MonthPickerStandIn month={month} {...handlers} />}>
        <monthPickerField.Control month={month} onChange={onChange} {...handOver} />
      </StandInSlot>
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

import { messages, type BookingSlot } from '@consultorio/shared';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { PageLoader } from './page-loader';
import { ApiError } from '../lib/api-client';
import { formatLongDate, formatTime } from '../lib/zoned-format';

const b = messages.booking;
const DAY = 86_400_000;
const WEEK_DAYS = 7;

/** Today (yyyy-mm-dd) on the professional's calendar. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The slots' distinct starts, grouped by their day in the zone. */
function byDay(slots: readonly BookingSlot[], timeZone: string): Array<{ day: string; slots: BookingSlot[] }> {
  const groups = new Map<string, BookingSlot[]>();
  for (const slot of slots) {
    const day = formatLongDate(slot.startsAt, timeZone);
    const list = groups.get(day) ?? [];
    if (!list.some((item) => item.startsAt === slot.startsAt)) list.push(slot);
    groups.set(day, list);
  }
  return [...groups].map(([day, list]) => ({ day, slots: list }));
}

/** The query of a week's slots (`week` 0 is the one starting `today`, a day in the zone), as the picker reads it. */
export function weekSlotsQuery(
  queryKey: readonly unknown[],
  today: string,
  week: number,
  load: (range: { from: string; to: string }, signal: AbortSignal) => Promise<BookingSlot[]>,
) {
  const from = plusDays(today, week * WEEK_DAYS);
  const to = plusDays(from, WEEK_DAYS - 1);
  return queryOptions({ queryKey: [...queryKey, from, to], queryFn: ({ signal }) => load({ from, to }, signal) });
}

/**
 * The free slots a week at a time, in the professional's zone, grouped by day, each a button (the
 * booking page's and the portal's reschedule): `load` reads a week's slots, `label` names a
 * slot's button (its day and time, at least: the visible time is in the name).
 */
export function SlotPicker({
  timeZone,
  maxDaysAhead,
  queryKey,
  load,
  onChoose,
  label = (day, time) => `${day}, ${time}`,
  disabled = false,
  chosenStartsAt = null,
}: {
  timeZone: string;
  maxDaysAhead: number;
  queryKey: readonly unknown[];
  load: (range: { from: string; to: string }, signal: AbortSignal) => Promise<BookingSlot[]>;
  onChoose: (slot: BookingSlot) => void;
  label?: (day: string, time: string) => string;
  disabled?: boolean;
  /** The slot already chosen, drawn filled and pressed. */
  chosenStartsAt?: string | null;
}) {
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const [week, setWeek] = useState(0);
  const slots = useQuery(weekSlotsQuery(queryKey, today, week, load));
  // A week's buttons are drawn in the background (interruptible), not in one long task when the slots arrive.
  const shownSlots = useDeferredValue(slots.data);
  const lastWeek = Math.ceil(maxDaysAhead / WEEK_DAYS);
  return (
    <Stack>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconChevronLeft size={16} />} disabled={week === 0} onClick={() => setWeek(week - 1)}>
          {b.previousWeek}
        </Button>
        <Button variant="default" rightSection={<IconChevronRight size={16} />} disabled={week >= lastWeek} onClick={() => setWeek(week + 1)}>
          {b.nextWeek}
        </Button>
      </Group>
      {slots.isPending || (slots.data !== undefined && shownSlots === undefined) ? (
        <PageLoader />
      ) : !shownSlots || shownSlots.length === 0 ? (
        <Text>{slots.error instanceof ApiError ? slots.error.message : b.noSlots}</Text>
      ) : (
        byDay(shownSlots, timeZone).map((group) => (
          <Stack key={group.day} gap="xs">
            <Title order={3} size="h5">
              {group.day}
            </Title>
            <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs">
              {group.slots.map((slot) => (
                <Button
                  key={slot.startsAt}
                  variant={slot.startsAt === chosenStartsAt ? 'filled' : 'light'}
                  aria-pressed={slot.startsAt === chosenStartsAt}
                  disabled={disabled}
                  onClick={() => onChoose(slot)}
                  aria-label={label(group.day, formatTime(slot.startsAt, timeZone))}
                >
                  {formatTime(slot.startsAt, timeZone)}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}

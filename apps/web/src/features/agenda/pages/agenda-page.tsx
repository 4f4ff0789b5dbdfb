import { messages, type Appointment, type ChangeScope } from '@consultorio/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useLatch } from '../../../hooks/use-latch';
import { minWidthQuery, useMinWidth } from '../../../hooks/use-min-width';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { loadSessionUser, useCurrentUser } from '../../../lib/session';
import { browserTimeZone, zoneName } from '../../../lib/zoned-format';
import { appointmentsQueryOptions, useAppointments, type AppointmentRange } from '../api/list-appointments';
import { useUpdateAppointment } from '../api/update-appointment';
import type { CalendarMove } from '../components/agenda-calendar';
import { asksScope } from '../components/appointment-events';
import { calendarRangeOf, isSameRange, type OpeningView } from '../components/calendar-range';
import { ScopeModal } from '../components/scope-choice';
import { StatusLegend } from '../components/status-legend';

// FullCalendar and its plugins (65 KB gzip) and luxon: the page does not wait for them. Its title,
// the new-appointment button, the legend and the zone notice draw first, and the calendar takes
// the room kept for it when it arrives; app/page-modules.ts asks for its chunk beside the page's
// own when the agenda is opened by its address (issue 34; decisions.md has the figures).
const AgendaCalendar = lazy(async () => ({ default: (await import('../components/agenda-calendar')).AgendaCalendar }));

/**
 * The calendar's whole height, the same while it loads and once drawn, so that nothing below it
 * moves when it arrives: a 640 px grid with one row of toolbar on a wide screen, two on a phone
 * (measured in Chromium). A toolbar that wraps further takes its room from the grid.
 */
function calendarHeightPx(isWide: boolean): number {
  return isWide ? 696 : 778;
}

// The appointment forms (and the schemas they validate with) load when one is first opened.
const NewAppointmentModal = lazy(async () => ({ default: (await import('../components/new-appointment-modal')).NewAppointmentModal }));
const EditAppointmentModal = lazy(async () => ({ default: (await import('../components/edit-appointment-modal')).EditAppointmentModal }));

/** Below this width the agenda opens on the day, not the week. */
const WEEK_MIN_WIDTH_PX = 600;

function openingView(isWide: boolean): OpeningView {
  return isWide ? 'timeGridWeek' : 'timeGridDay';
}
const HOUR = 3_600_000;

/** The next full hour from now, where 'Nova consulta' starts. */
function nextFullHour(now = Date.now()): string {
  return new Date(Math.ceil(now / HOUR) * HOUR).toISOString();
}

/**
 * 'Agenda': the professional's appointments in a calendar (FullCalendar, in their zone). A
 * click on an empty slot books, a click on an appointment opens it, a drag moves it; for an
 * appointment of a series, the change asks 'Só esta' or 'Esta e as seguintes'.
 */
export function AgendaPage() {
  const user = useCurrentUser();
  const timeZone = user.timeZone;
  const isWide = useMinWidth(WEEK_MIN_WIDTH_PX);
  // The opening view's days, asked for before the calendar draws; then the ones it shows.
  const [range, setRange] = useState<AppointmentRange>(() => calendarRangeOf(openingView(isWide), new Date(), timeZone));
  const showRange = (next: AppointmentRange) => setRange((current) => (isSameRange(current, next) ? current : next));
  const appointments = useAppointments(range);
  const updateAppointment = useUpdateAppointment();
  const [newStart, setNewStart] = useState<string | null>(null);
  const [opened, setOpened] = useState<Appointment | null>(null);
  const [move, setMove] = useState<CalendarMove | null>(null);
  const newModalMounted = useLatch(newStart !== null);
  const editModalMounted = useLatch(opened !== null);
  const browserZone = browserTimeZone();

  const sendMove = (change: CalendarMove, scope: ChangeScope) =>
    updateAppointment.mutate(
      { appointmentId: change.appointment.id, changes: { startsAt: change.startsAt, endsAt: change.endsAt, scope } },
      { onError: change.revert },
    );

  const startMove = (change: CalendarMove) => {
    if (asksScope(change.appointment)) setMove(change);
    else sendMove(change, 'this');
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{messages.agenda.title}</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setNewStart(nextFullHour())}>
          {messages.agenda.newAppointment}
        </Button>
      </Group>

      {browserZone !== timeZone && (
        <Alert color="blue" variant="light">
          <Text size="sm">
            {messages.agenda.browserZoneDiffers(zoneName(timeZone), zoneName(browserZone))}{' '}
            <Anchor component={Link} to={paths.account} size="sm">
              {messages.agenda.changeInAccount}
            </Anchor>
          </Text>
        </Alert>
      )}

      <StatusLegend />

      <Paper p={{ base: 'xs', sm: 'md' }}>
        <Suspense fallback={<CalendarPlaceholder isWide={isWide} />}>
          <AgendaCalendar
            appointments={appointments.data ?? []}
            timeZone={timeZone}
            view={openingView(isWide)}
            heightPx={calendarHeightPx(isWide)}
            isNarrow={!isWide}
            onRangeChange={showRange}
            onSlotClick={setNewStart}
            onAppointmentClick={setOpened}
            onMove={startMove}
          />
        </Suspense>
      </Paper>
      <Text size="xs" c="dimmed">
        {messages.agenda.timeZoneNote(zoneName(timeZone))}
      </Text>

      <Suspense fallback={null}>
        {newModalMounted && (
          <NewAppointmentModal startsAt={newStart} timeZone={timeZone} officeAddress={user.officeAddress} onClose={() => setNewStart(null)} />
        )}
        {editModalMounted && (
          <EditAppointmentModal appointment={opened} timeZone={timeZone} officeAddress={user.officeAddress} onClose={() => setOpened(null)} />
        )}
      </Suspense>
      <ScopeModal
        opened={move !== null}
        onChoose={(scope) => {
          if (move) sendMove(move, scope);
          setMove(null);
        }}
        onClose={() => {
          move?.revert();
          setMove(null);
        }}
      />
    </Stack>
  );
}

function CalendarPlaceholder({ isWide }: { isWide: boolean }) {
  return <PageLoader label={messages.agenda.calendarLoading} heightPx={calendarHeightPx(isWide)} />;
}

/**
 * The appointments of the view the agenda opens in, in the professional's zone (known from the
 * session check, which has started), asked for as soon as this module loads (app/page-modules.ts).
 */
export function prefetchData(): void {
  const view = openingView(window.matchMedia(minWidthQuery(WEEK_MIN_WIDTH_PX)).matches);
  void loadSessionUser(queryClient).then((user) => {
    if (user) void queryClient.prefetchQuery(appointmentsQueryOptions(calendarRangeOf(view, new Date(), user.timeZone)));
  });
}

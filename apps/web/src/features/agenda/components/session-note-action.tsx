import { messages, type Appointment } from '@consultorio/shared';
import { Button } from '@mantine/core';
import { IconNotes, IconPencilPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatShortDateTime } from '../../../lib/zoned-format';
import { useCreateSessionNote } from '../api/create-session-note';

interface SessionNoteActionProps {
  appointment: Appointment;
  timeZone: string;
  /** Runs before leaving for the note (a dialog closes). */
  onLeave?: () => void;
}

/** How long before its start a session's note can be begun (to prepare it); earlier, only once it comes near. */
const NOTE_OPENS_BEFORE_MS = 60 * 60_000;

/** Whether 'Registrar evolução' is offered: a session booked (not cancelled, not awaiting approval) that starts within the hour or has started. */
export function canRegisterNote(appointment: Pick<Appointment, 'status' | 'startsAt'>, now = Date.now()): boolean {
  if (appointment.status === 'cancelled' || appointment.status === 'requested') return false;
  return Date.parse(appointment.startsAt) - now <= NOTE_OPENS_BEFORE_MS;
}

/**
 * 'Abrir evolução' when the appointment has its note, else 'Registrar evolução', which writes
 * the note (named and dated by the appointment) and opens it; offered from an hour before the
 * session. A cancelled appointment has none.
 */
export function SessionNoteAction({ appointment, timeZone, onLeave }: SessionNoteActionProps) {
  const navigate = useNavigate();
  const createNote = useCreateSessionNote();
  const when = formatShortDateTime(appointment.startsAt, timeZone);
  if (appointment.recordId !== null) {
    return (
      <Button
        component={Link}
        to={paths.patientRecord(appointment.patientId, appointment.recordId)}
        onClick={onLeave}
        size="xs"
        variant="light"
        leftSection={<IconNotes size={16} />}
        aria-label={messages.agenda.openNoteLabel(appointment.patientName, when)}
      >
        {messages.agenda.openNote}
      </Button>
    );
  }
  if (!canRegisterNote(appointment)) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPencilPlus size={16} />}
      loading={createNote.isPending}
      aria-label={messages.agenda.registerNoteLabel(appointment.patientName, when)}
      onClick={() =>
        createNote.mutate(
          { patientId: appointment.patientId, appointmentId: appointment.id },
          {
            onSuccess: ({ data: { record } }) => {
              onLeave?.();
              void navigate(paths.patientRecord(record.patientId, record.id));
            },
          },
        )
      }
    >
      {messages.agenda.registerNote}
    </Button>
  );
}

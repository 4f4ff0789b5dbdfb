// The agenda's services, one use case or cohesive group per file (issue 27); callers import them from here.
export { toAppointment, type AppointmentRow } from './agenda.common';
export { settleSessions, unsettleSessions } from './agenda.settlement';
export { listAppointments, listPatientSessions, appointmentOfPatient, appointmentsOfPatient, markHeldByNote, exportAppointments, getAppointment, createAppointment, updateAppointment, deleteAppointment, getSummaries } from './agenda.appointments';
export { queueDueReminders, defineAgendaJobs, toAppointmentMessage, listAppointmentMessages } from './agenda.reminders';
export { answerReminderButton, recordWhatsappStatus } from './agenda.replies';
export { getPublicAppointment, confirmPublicAppointment, cancelPublicAppointment } from './agenda.patient-link';
export { extendOpenSeries } from './agenda.series';
export { getCalendarFeed, renewCalendarFeed, calendarIcs, startAgendaClock } from './agenda.calendar-feed';
export { type BusySpan, busySpans, inOwnerAgenda, insertBookedAppointment, afterBooking, decideRequested, standingBookedAppointment } from './agenda.bookings';
export { patientAppointmentRows, answerForPatient, moveForPatient } from './agenda.portal';

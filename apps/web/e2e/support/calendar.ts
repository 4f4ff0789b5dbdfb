import type { Locator } from '@playwright/test';

/** A point near the top of the agenda's cell for `date` (YYYY-MM-DD) at `time` (HH:mm:ss) in the time grid, scrolled into view. */
export async function slotPoint(calendar: Locator, date: string, time: string): Promise<{ x: number; y: number }> {
  const lane = calendar.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
  await lane.scrollIntoViewIfNeeded();
  const column = await calendar.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const row = await lane.boundingBox();
  if (!column || !row) throw new Error(`no slot for ${date} ${time}`);
  return { x: column.x + column.width / 2, y: row.y + Math.min(6, row.height / 2) };
}

/** The agenda's events of a patient (their text in the week: 'Maria Souza (Agendada) 08:00 - 08:50'). */
export function eventOf(calendar: Locator, patientName: string): Locator {
  return calendar.locator('.fc-event', { hasText: patientName });
}

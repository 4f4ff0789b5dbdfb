const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The time grid's hour labels ('08:00'), as FullCalendar's own 24-hour format writes them. Given
 * as an object, that format is made anew for every label the grid draws: FullCalendar builds a
 * formatter per label cell, and each one an `Intl.DateTimeFormat` of its own (24 per draw of a
 * day or a week, some 35 ms of a phone's first draw of the agenda, issue 34). The label's wall
 * time is already in the arguments.
 */
export function slotLabelText({ date }: { date: { hour: number; minute: number } }): string {
  return `${twoDigits(date.hour)}:${twoDigits(date.minute)}`;
}

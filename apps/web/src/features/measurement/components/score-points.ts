import { formatDate, formatDateTime } from '../../../lib/format';
import type { ScoreSeries } from '@consultorio/shared';

export interface LabelledPoint {
  label: string;
  score: number;
  band: string | null;
  alert: boolean;
  formId: string;
}

/**
 * The points with the label each shows on the chart's axis and in the table: the day, or the day
 * and time when two fall on one day (so every label is distinct), in the professional's zone.
 */
export function labelledPoints(series: ScoreSeries, timeZone: string | undefined): LabelledPoint[] {
  const days = series.points.map((point) => formatDate(point.submittedAt, timeZone));
  const repeated = days.length !== new Set(days).size;
  return series.points.map((point, index) => ({
    label: repeated ? formatDateTime(point.submittedAt, timeZone) : days[index]!,
    score: point.score,
    band: point.band,
    alert: point.alert,
    formId: point.formId,
  }));
}

/** Shades of the severity bands, from the mildest to the most severe. */
const bandColors = ['teal', 'lime', 'yellow', 'orange', 'red'] as const;

export function bandColor(index: number, count: number): string {
  if (count <= 1) return bandColors[0];
  const position = Math.round((index / (count - 1)) * (bandColors.length - 1));
  return bandColors[position] ?? 'gray';
}

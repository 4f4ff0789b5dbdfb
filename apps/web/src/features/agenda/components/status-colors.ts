import type { AppointmentStatus } from '@consultorio/shared';

export interface StatusColors {
  background: string;
  border: string;
  text: string;
}

/**
 * Each status's colours in the calendar and the legend. Every text/background pair has a
 * contrast of at least 4.5:1 (WCAG AA for normal text); `status-colors.test.ts` checks it.
 */
export const statusColors: Record<AppointmentStatus, StatusColors> = {
  scheduled: { background: '#1864ab', border: '#1864ab', text: '#ffffff' },
  confirmed: { background: '#2b7a3a', border: '#2b7a3a', text: '#ffffff' },
  attended: { background: '#495057', border: '#495057', text: '#ffffff' },
  no_show: { background: '#c92a2a', border: '#c92a2a', text: '#ffffff' },
  cancelled: { background: '#f1f3f5', border: '#868e96', text: '#495057' },
  requested: { background: '#fff3bf', border: '#e67700', text: '#5c3c00' },
};

/** The order of the legend and of the status choice. */
export const statusOrder: readonly AppointmentStatus[] = ['requested', 'scheduled', 'confirmed', 'attended', 'no_show', 'cancelled'];

function channel(value: number): number {
  const scaled = value / 255;
  return scaled <= 0.03928 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map((part) => channel(Number.parseInt(part ?? '0', 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

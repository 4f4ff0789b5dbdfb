import { limits } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import * as repo from './agenda.repository';
import { occurrenceStarts, toInstant, toLocalStart } from './recurrence';
import { MINUTE, DAY } from './agenda.common';

// ---- series that never end ----

/** Books the next months of open-ended series, copying the details of each one's latest appointment. */
export async function extendOpenSeries(ctx: Context): Promise<void> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + limits.openSeriesHorizonDays * DAY);
  for (const series of await repo.seriesToExtend(ctx.db, new Date(horizon.getTime() - 7 * DAY))) {
    await ctx.db.transaction(async (tx) => {
      const latest = await repo.latestOfSeries(tx, series.id);
      if (!latest || !series.bookedUntil) return;
      const starts = occurrenceStarts(series, {
        openUntil: toLocalStart(horizon, series.timeZone),
        after: toLocalStart(latest.startsAt, series.timeZone),
      });
      const { modality, videoLink, location, notes, feeCents } = latest;
      const rows = starts.map((local) => {
        const startsAt = toInstant(local, series.timeZone);
        return { modality, videoLink, location, notes, feeCents, startsAt, endsAt: new Date(startsAt.getTime() + series.durationMinutes * MINUTE) };
      });
      if (rows.length > 0) await repo.insertAppointmentsInSeries(tx, series, rows);
      await repo.updateSeries(tx, series.id, { bookedUntil: horizon });
    });
  }
}

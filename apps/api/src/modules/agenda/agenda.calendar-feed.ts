import { randomBytes } from 'node:crypto';
import { messages } from '@consultorio/shared';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './agenda.repository';
import { DAY } from './agenda.common';
import { queueDueRemindersLogged } from './agenda.reminders';
import { extendOpenSeries } from './agenda.series';

// ---- the private calendar feed ----

function newFeedToken(): string {
  return randomBytes(24).toString('base64url');
}

function feedUrl(ctx: Context, token: string): string {
  return `${ctx.config.publicUrl}/v1/calendar/${token}.ics`;
}

export async function getCalendarFeed(ctx: Context, owner: SessionUser): Promise<{ url: string; fullNames: boolean }> {
  const feed = (await repo.findCalendarFeed(ctx.db, owner.id)) ?? (await repo.ensureCalendarFeed(ctx.db, owner.id, newFeedToken()));
  return { url: feedUrl(ctx, feed.token), fullNames: feed.fullNames };
}

/** A new address (the old one stops working), and what events show. */
export async function renewCalendarFeed(ctx: Context, owner: SessionUser, options: { fullNames?: boolean | undefined }): Promise<{ url: string; fullNames: boolean }> {
  const feed = await repo.renewCalendarFeed(ctx.db, owner.id, { token: newFeedToken(), ...(options.fullNames !== undefined ? { fullNames: options.fullNames } : {}) });
  return { url: feedUrl(ctx, feed.token), fullNames: feed.fullNames };
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]!.toUpperCase()}.`)
    .join(' ');
}

/**
 * The feed's iCalendar: the appointments of the last 30 and the next 180 days (not cancelled),
 * showing the patient's initials unless the professional chose full names, and where each
 * in-person one takes place (the office unless it says another place).
 */
export async function calendarIcs(ctx: Context, token: string): Promise<string> {
  const owner = await repo.findFeedOwner(ctx.db, token.replace(/\.ics$/, ''));
  if (!owner) throw new AppError('CALENDAR_FEED_NOT_FOUND');
  const now = ctx.clock.now();
  const rows = await repo.listInRange(ctx.db, owner.id, new Date(now.getTime() - 30 * DAY), new Date(now.getTime() + 180 * DAY));
  // Every time is written in UTC with its 'Z' (RFC 5545 form 2): ical-generator, given a
  // calendar zone but no VTIMEZONE generator, writes the server's clock time with neither 'Z'
  // nor TZID, which calendars read as local time (a 10:00 São Paulo session showed at 13:00).
  const calendar = ical({ name: messages.app.name, prodId: { company: 'Consultório', product: 'Agenda', language: 'PT' } });
  for (const { appointment, patientName } of rows) {
    if (appointment.status === 'cancelled') continue;
    calendar.createEvent({
      id: appointment.id,
      stamp: appointment.updatedAt,
      start: appointment.startsAt,
      end: appointment.endsAt,
      summary: messages.agenda.feedEvent(owner.fullNames ? patientName : initials(patientName)),
      description: [messages.agenda.modality[appointment.modality], appointment.videoLink].filter(Boolean).join('\n'),
      location: appointment.location ?? (appointment.modality === 'in_person' ? owner.officeAddress : null),
      status: appointment.status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
}

/**
 * Reminders and open series on timers of this instance (claims make each reminder go once
 * whatever the number of instances); a scan every `scanSeconds` (0: no reminder timer).
 */
export function startAgendaClock(ctx: Context, scanSeconds: number): () => void {
  const timers: NodeJS.Timeout[] = [];
  const extend = () => {
    extendOpenSeries(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'could not extend open series'));
  };
  timers.push(setInterval(extend, 3600 * 1000));
  extend();
  if (scanSeconds > 0) {
    timers.push(setInterval(() => void queueDueRemindersLogged(ctx), scanSeconds * 1000));
    void queueDueRemindersLogged(ctx);
  }
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}

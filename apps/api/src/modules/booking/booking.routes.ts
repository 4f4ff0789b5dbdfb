import { bookingApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as booking from './booking.service';

export function bookingRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, bookingApi.availability, async (request) => ({ data: await booking.getAvailability(ctx, sessionUser(request).id) }));

    route(app, bookingApi.updateAvailability, async (request) => ({
      data: await booking.updateAvailability(ctx, sessionUser(request).id, request.body),
      message: messages.booking.saved,
    }));

    route(app, bookingApi.accept, async (request) => ({
      data: { appointment: await booking.decideBooking(ctx, sessionUser(request), request.params.id, true) },
      message: messages.booking.accepted,
    }));

    route(app, bookingApi.decline, async (request) => ({
      data: { appointment: await booking.decideBooking(ctx, sessionUser(request), request.params.id, false) },
      message: messages.booking.declined,
    }));
  };
}

/** The booking page's calls: no session; the page's address (or the mailed link) is the key. */
export function bookingPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, bookingApi.profile, async (request) => ({ data: { profile: await booking.getBookingProfile(ctx, request.params.slug, request.ip) } }));

    route(app, bookingApi.slots, async (request) => ({
      data: { slots: await booking.listSlots(ctx, request.params.slug, request.query, request.ip) },
    }));

    route(app, bookingApi.request, async (request) => {
      await booking.requestBooking(ctx, request.params.slug, request.body, request.ip);
      // The page says it (no toast).
      return { data: null };
    });

    route(app, bookingApi.confirm, async (request) => ({
      data: { appointment: await booking.confirmBooking(ctx, request.body.token, request.ip) },
    }));
  };
}

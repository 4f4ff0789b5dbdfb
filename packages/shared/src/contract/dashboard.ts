import { supportContactsResponse, userStatsResponse } from '../schemas/dashboard';
import { defineRoute } from './route';

const tag = 'dashboard';

export const dashboardApi = {
  stats: defineRoute({ method: 'GET', path: '/v1/users/me/stats', access: 'session', tag, status: 200, response: userStatsResponse }),
  supportContacts: defineRoute({
    method: 'GET',
    path: '/v1/support-contacts',
    access: 'session',
    tag,
    status: 200,
    response: supportContactsResponse,
  }),
};

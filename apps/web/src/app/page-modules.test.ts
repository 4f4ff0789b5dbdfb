import { describe, expect, it } from 'vitest';
import { pageModulesOf } from './page-modules';

describe('the page modules preloaded for an address', () => {
  it('names the layout and the page of the main pages, with their parameters and a trailing slash', () => {
    expect(pageModulesOf('/patients')).toEqual({ modules: ['authenticatedLayout', 'patients'], params: {} });
    expect(pageModulesOf('/patients/')).toEqual({ modules: ['authenticatedLayout', 'patients'], params: {} });
    expect(pageModulesOf('/patients/p-1/records/r-2')).toEqual({
      modules: ['authenticatedLayout', 'patientRecord'],
      params: { patientId: 'p-1', recordId: 'r-2' },
    });
    expect(pageModulesOf('/patients/p-1/records')).toEqual({ modules: ['authenticatedLayout', 'patientRecords'], params: { patientId: 'p-1' } });
    expect(pageModulesOf('/agenda')).toEqual({ modules: ['authenticatedLayout', 'agenda', 'agendaCalendar'], params: {} });
    expect(pageModulesOf('/agendar/ana%20souza')).toEqual({ modules: ['publicFormLayout', 'bookingPage'], params: { slug: 'ana souza' } });
  });

  it('gives no parameters from a path whose escapes are broken', () => {
    expect(pageModulesOf('/agendar/%E0%A4%A')).toEqual({ modules: ['publicFormLayout', 'bookingPage'], params: {} });
  });

  it('names nothing for an address it does not list, nor for one longer than a pattern', () => {
    const none = { modules: [], params: {} };
    expect(pageModulesOf('/')).toEqual(none);
    expect(pageModulesOf('/patients/p-1/records/r-2/extra')).toEqual(none);
    expect(pageModulesOf('/nowhere')).toEqual(none);
  });
});

import { describe, expect, it } from 'vitest';
import { pageModulesOf } from './page-modules';

describe('the page modules preloaded for an address', () => {
  it('names the layout and the page of the main pages, with their parameters and a trailing slash', () => {
    expect(pageModulesOf('/patients')).toEqual(['authenticatedLayout', 'patients']);
    expect(pageModulesOf('/patients/')).toEqual(['authenticatedLayout', 'patients']);
    expect(pageModulesOf('/patients/p-1/records/r-2')).toEqual(['authenticatedLayout', 'patientRecord']);
    expect(pageModulesOf('/patients/p-1/records')).toEqual(['authenticatedLayout', 'patientRecords']);
    expect(pageModulesOf('/agendar/ana-souza')).toEqual(['publicFormLayout', 'bookingPage']);
  });

  it('names nothing for an address it does not list, nor for one longer than a pattern', () => {
    expect(pageModulesOf('/')).toEqual([]);
    expect(pageModulesOf('/patients/p-1/records/r-2/extra')).toEqual([]);
    expect(pageModulesOf('/nowhere')).toEqual([]);
  });
});

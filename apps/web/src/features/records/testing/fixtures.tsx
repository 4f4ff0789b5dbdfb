import type { ClinicalRecord } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';

/** A record with sensible defaults, for the unit tests. */
export function recordOf(overrides: Partial<ClinicalRecord> = {}): ClinicalRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Evolução',
    patientId: '00000000-0000-4000-8000-0000000000aa',
    content: '',
    creationDate: '2025-03-05T17:30:00.000Z',
    lastUpdateDate: null,
    createdAt: '2025-03-05T17:30:00.000Z',
    aiAssistantName: null,
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; data?: unknown; message?: string };

/** Answers each call with `respond(call)` and records the calls. */
export function mockApi(respond: (call: ApiCall) => Answer) {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status, data = null, message } = respond(call);
    return Promise.resolve(new Response(JSON.stringify({ status, data, message }), { status }));
  });
  return calls;
}

export function renderWithProviders(ui: ReactNode, initialPath = '/') {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[initialPath]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

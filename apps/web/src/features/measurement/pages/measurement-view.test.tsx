import { messages, type MeasurementPlan, type QaTemplate, type ScoreSeries } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patientId } from '../../../test/fixtures';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { MeasurementView } from './measurement-view';

const mm = messages.measurement;

const phq9Series: ScoreSeries = {
  qaTemplateId: '0b9f0a3c-41a5-4c2e-9f1d-2b5c6d7e8f91',
  qaTemplateName: 'PHQ-9',
  scoreLabel: 'Pontuação PHQ-9',
  max: 27,
  bands: [
    { min: 0, max: 4, label: 'Mínimos' },
    { min: 5, max: 9, label: 'Leve' },
    { min: 10, max: 27, label: 'Moderada ou mais' },
  ],
  reliableChange: 6,
  points: [
    { formId: 'f0000000-0000-4000-8000-000000000001', submittedAt: '2025-03-05T17:30:00.000Z', score: 16, band: 'Moderada ou mais', alert: true },
    { formId: 'f0000000-0000-4000-8000-000000000002', submittedAt: '2025-04-05T17:30:00.000Z', score: 8, band: 'Leve', alert: false },
  ],
};

const templates: QaTemplate[] = [
  { id: phq9Series.qaTemplateId, name: 'PHQ-9', description: '', isOwn: false, content: [], scoring: { method: 'sum', label: 'P', fields: [1], bands: [], alerts: [] } },
  { id: '0b9f0a3c-41a5-4c2e-9f1d-2b5c6d7e8f92', name: 'Anamnese geral', description: '', isOwn: false, content: [], scoring: null },
];

function respond(plans: MeasurementPlan[], patientHasEmail = true) {
  return (call: ApiCall) => {
    if (call.url.endsWith('/score-series')) return { status: 200, data: { series: [phq9Series] } };
    if (call.url.endsWith('/qa-templates')) return { status: 200, data: { qaTemplates: templates } };
    if (call.method === 'POST') return { status: 201, message: mm.planCreated, data: { plan: plans[0] } };
    if (call.url.startsWith('/v1/users/me/alerts')) return { status: 200, data: { alerts: [] } };
    return { status: 200, data: { plans, patientHasEmail } };
  };
}

describe('MeasurementView', () => {
  it('shows each score with its band and alert in a table, and the reliable change since the first', async () => {
    mockApi(respond([]));
    renderWithProviders(<MeasurementView patientId={patientId} />);

    const card = await screen.findByRole('article', { name: 'PHQ-9' });
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain(mm.scoreOf(16, 27));
    expect(rows[1]!.textContent).toContain('Moderada ou mais');
    expect(rows[1]!.textContent).toContain(mm.alertMark);
    expect(rows[2]!.textContent).toContain('Leve');
    expect(within(card).getByText(mm.change('−8', '16'))).toBeDefined();
    expect(within(card).getByText(mm.reliableImprovement(6))).toBeDefined();
    // The chart's chunk (Recharts) loads on demand.
    expect(await within(card).findByRole('img', { name: mm.chartLabel('PHQ-9') }, { timeout: 15_000 })).toBeDefined();
  });

  it('creates a plan every N weeks with a scored questionnaire, and says when the patient has no e-mail', async () => {
    const plan: MeasurementPlan = {
      id: 'p0000000-0000-4000-8000-000000000001'.replace('p', 'a'),
      patientId,
      qaTemplateId: phq9Series.qaTemplateId,
      qaTemplateName: 'PHQ-9',
      trigger: 'interval',
      intervalWeeks: 2,
      nextDueAt: '2025-03-19T17:30:00.000Z',
      lastSentAt: null,
      createdAt: '2025-03-05T17:30:00.000Z',
    };
    const calls = mockApi(respond([plan], false));
    renderWithProviders(<MeasurementView patientId={patientId} />);

    const section = await screen.findByRole('region', { name: mm.plansTitle });
    expect(await within(section).findByText(mm.patientNeedsEmail)).toBeDefined();
    expect(within(section).getByText(mm.planInterval('PHQ-9', 2))).toBeDefined();
    expect(within(section).getByRole('button', { name: mm.deletePlanLabel(mm.planInterval('PHQ-9', 2)) })).toBeDefined();

    const form = within(section).getByRole('form', { name: mm.newPlan });
    fireEvent.click(within(form).getByRole('combobox', { name: mm.planTemplate }));
    expect(await screen.findByRole('option', { name: 'PHQ-9' })).toBeDefined();
    expect(screen.queryByRole('option', { name: 'Anamnese geral' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'PHQ-9' }));
    fireEvent.click(within(form).getByRole('radio', { name: mm.triggers.interval }));
    fireEvent.change(await within(form).findByRole('textbox', { name: mm.planIntervalWeeks }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: messages.common.create }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/v1/patients/${patientId}/measurement-plans`,
      body: { qaTemplateId: phq9Series.qaTemplateId, trigger: 'interval', intervalWeeks: 2 },
    });
  });
});

import { computeScore, reliableChangeByTemplateKey, type ScoreSeries } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { ownedPatient } from '../patients/patients.service';
import { type QaTemplateRow } from '../qa-templates/qa-templates.service';
import * as repo from './measurement.repository';

// ---- score trends ----

/**
 * Each scored template's submitted scores for the patient, oldest first: the versions of one
 * template form one series, named and banded by its latest version; a point is marked when its
 * answers raise an alert. Series by name.
 */
export async function scoreSeries(ctx: Context, ownerId: string, patientId: string): Promise<ScoreSeries[]> {
  await ownedPatient(ctx, ownerId, patientId);
  const forms = await repo.submittedScoredForms(ctx.db, ownerId, patientId);
  const templates = new Map((await repo.templatesByIds(ctx.db, [...new Set(forms.map((form) => form.qaTemplateId))])).map((row) => [row.id, row]));
  const byKey = new Map<string, Array<{ form: (typeof forms)[number]; template: QaTemplateRow }>>();
  for (const form of forms) {
    const template = templates.get(form.qaTemplateId)!;
    const group = byKey.get(template.key) ?? [];
    group.push({ form, template });
    byKey.set(template.key, group);
  }
  const current = new Map((await repo.currentTemplatesOfKeys(ctx.db, ownerId, [...byKey.keys()])).map((template) => [template.key, template]));
  noteAccess({ patientId, action: 'read', entityType: 'form', entityId: 'score-series' });
  const series = [...byKey.entries()].map(([key, group]): ScoreSeries => {
    const latest = group[group.length - 1]!.template;
    const points = group.map(({ form, template }) => {
      const score = computeScore({ content: template.content, scoring: template.scoring! }, form.content);
      return { formId: form.id, submittedAt: form.submittedAt!.toISOString(), score: score.total, band: score.band, alert: score.alerts.length > 0 };
    });
    const latestScore = computeScore({ content: latest.content, scoring: latest.scoring! }, {});
    return {
      qaTemplateId: current.get(key)?.id ?? latest.id,
      qaTemplateName: current.get(key)?.name ?? latest.name,
      scoreLabel: latest.scoring!.label,
      max: latestScore.max,
      bands: latest.scoring!.bands,
      reliableChange: latest.ownerId === null ? (reliableChangeByTemplateKey[key] ?? null) : null,
      points,
    };
  });
  return series.sort((a, b) => a.qaTemplateName.localeCompare(b.qaTemplateName, 'pt-BR'));
}

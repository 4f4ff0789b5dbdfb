import { randomBytes } from 'node:crypto';
import type { Form, QaTemplate, TemplateSection } from '@consultorio/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { forms, qaTemplates } from '../../src/db/schema';
import type { FormRow } from '../../src/modules/forms/forms.repository';
import type { QaTemplateRow } from '../../src/modules/qa-templates/qa-templates.repository';
import type { TestApp } from '../helpers/build-app';

/** The keys of the seeded library, as its data files declare them. */
export const libraryKeys = ['anamnese-geral', 'anamnese-psicologica', 'anamnese-nutricional', 'evolucao-sessao', 'phq-9', 'gad-7'] as const;
export type LibraryKey = (typeof libraryKeys)[number];

/** The current library template of `key`, as stored. */
export async function libraryTemplate(t: TestApp, key: LibraryKey): Promise<QaTemplateRow> {
  const [row] = await t.database.db
    .select()
    .from(qaTemplates)
    .where(and(eq(qaTemplates.key, key), isNull(qaTemplates.ownerId), eq(qaTemplates.isCurrent, true)));
  if (!row) throw new Error(`library template ${key} is not seeded`);
  return row;
}

/**
 * Inserts a template straight into the database (a professional's own one when `ownerId` is
 * given). The key is random unless given: keys and versions are unique across the table.
 */
export async function newTemplate(
  t: TestApp,
  overrides: Partial<typeof qaTemplates.$inferInsert> & { content?: TemplateSection[] } = {},
): Promise<QaTemplateRow> {
  const [row] = await t.database.db
    .insert(qaTemplates)
    .values({
      key: `teste-${randomBytes(4).toString('hex')}`,
      version: 1,
      name: 'Questionário de teste',
      description: '<p>Questionário de teste</p>',
      content: [{ title: 'Seção', fields: [{ number: 1, label: 'Pergunta', type: 'text', options: [] }] }],
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * Inserts a form of `owner` for `patient` straight into the database and returns the row.
 * Fast: no HTTP, no validation of the content.
 */
export async function newForm(
  t: TestApp,
  {
    owner,
    patient,
    template,
    ...overrides
  }: { owner: { id: string }; patient: { id: string }; template: { id: string } } & Partial<
    Omit<typeof forms.$inferInsert, 'ownerId' | 'patientId' | 'qaTemplateId'>
  >,
): Promise<FormRow> {
  const [row] = await t.database.db
    .insert(forms)
    .values({
      name: 'Formulário',
      publicToken: randomBytes(24).toString('base64url'),
      ...overrides,
      ownerId: owner.id,
      patientId: patient.id,
      qaTemplateId: template.id,
    })
    .returning();
  return row!;
}

/** Creates a form through POST /v1/patients/:id/forms and returns the form and template of the answer. */
export async function createFormViaApi(
  t: TestApp,
  cookie: string,
  patientId: string,
  body: { name?: string; qaTemplateId: string },
): Promise<{ form: Form; qaTemplate: QaTemplate }> {
  const response = await t.request({
    method: 'POST',
    url: `/v1/patients/${patientId}/forms`,
    headers: { cookie },
    payload: { name: 'Formulário', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`form creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data as { form: Form; qaTemplate: QaTemplate };
}

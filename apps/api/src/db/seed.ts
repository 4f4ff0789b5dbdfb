import { planPeriods, qaTemplateSeedSchema, type QaTemplateSeed } from '@consultorio/shared';
import { z } from 'zod';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { sanitizeDescriptionHtml } from '../platform/sanitize-html';
import type { Db } from './client';
import { aiAssistants, noteTemplates, plans, qaTemplates } from './schema';
import apoioClinico from './seeds/ai-assistants/apoio-clinico.json' with { type: 'json' };
import apoioNutricional from './seeds/ai-assistants/nutricao.json' with { type: 'json' };
import redatorProntuarios from './seeds/ai-assistants/redator-prontuarios.json' with { type: 'json' };
import supervisorPsicoterapia from './seeds/ai-assistants/supervisor-psicoterapia.json' with { type: 'json' };
import noteTemplateSeeds from './seeds/note-templates.json' with { type: 'json' };
import planSeeds from './seeds/plans.json' with { type: 'json' };
import anamneseGeral from './seeds/qa-templates/anamnese-geral.json' with { type: 'json' };
import anamneseNutricional from './seeds/qa-templates/anamnese-nutricional.json' with { type: 'json' };
import anamnesePsicologica from './seeds/qa-templates/anamnese-psicologica.json' with { type: 'json' };
import evolucaoSessao from './seeds/qa-templates/evolucao-sessao.json' with { type: 'json' };
import gad7 from './seeds/qa-templates/gad-7.json' with { type: 'json' };
import phq9 from './seeds/qa-templates/phq-9.json' with { type: 'json' };

/** The library of questionnaires every professional starts with, checked when loaded. */
export const templateLibrary: readonly QaTemplateSeed[] = [
  anamneseGeral,
  anamnesePsicologica,
  anamneseNutricional,
  evolucaoSessao,
  phq9,
  gad7,
].map((data) => qaTemplateSeedSchema.parse(data));

/**
 * Brings the reference data up to date after the migrations: each template version is added
 * once (idempotent, safe for several instances starting together), and only the newest
 * version of each key stays current.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await seedPlans(db);
  await seedTemplates(db);
  await seedAssistants(db);
  await seedNoteTemplates(db);
}

const noteTemplateSeedSchema = z.array(
  z.object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    position: z.number().int(),
    name: z.string().min(1).max(200),
    headings: z.array(z.string().min(1).max(120)).min(1),
  }),
);

/** The note templates every professional starts with, checked when loaded. */
export const noteTemplateLibrary = noteTemplateSeedSchema.parse(noteTemplateSeeds);

/** The library's note templates follow their data file, by key (ids, and so preferences, stay). */
async function seedNoteTemplates(db: Db): Promise<void> {
  for (const template of noteTemplateLibrary) {
    await db
      .insert(noteTemplates)
      .values(template)
      .onConflictDoUpdate({ target: noteTemplates.key, set: { name: template.name, headings: template.headings, position: template.position } });
  }
}

const assistantSeedSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  position: z.number().int(),
  name: z.string().min(1).max(100),
  description: z.string().min(1),
  instructions: z.string().min(1),
});

/** The assistants every professional starts with, checked when loaded. */
export const assistantLibrary = [apoioClinico, supervisorPsicoterapia, redatorProntuarios, apoioNutricional].map((data) =>
  assistantSeedSchema.parse(data),
);

/**
 * The library assistants follow their data files: a changed name or instructions applies to
 * existing chats from their next message (ids, and so every chat's link, stay).
 */
async function seedAssistants(db: Db): Promise<void> {
  for (const assistant of assistantLibrary) {
    await db
      .insert(aiAssistants)
      .values(assistant)
      .onConflictDoUpdate({
        target: aiAssistants.key,
        set: { name: assistant.name, description: assistant.description, instructions: assistant.instructions, position: assistant.position },
      });
  }
}

const planSeedSchema = z.array(
  z.object({
    code: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    description: z.string(),
    period: z.enum(planPeriods),
    patientsLimit: z.number().int().positive(),
    priceCents: z.number().int().nonnegative(),
    isDefault: z.boolean(),
  }),
);

/** The plans offered from the start; a plan already stored (perhaps edited by the admin tool) is left as it is. */
async function seedPlans(db: Db): Promise<void> {
  for (const plan of planSeedSchema.parse(planSeeds)) {
    await db.insert(plans).values(plan).onConflictDoNothing({ target: plans.code });
  }
}

async function seedTemplates(db: Db): Promise<void> {
  for (const template of templateLibrary) {
    await db.transaction(async (tx) => {
      await tx
        .insert(qaTemplates)
        .values({ ...template, description: sanitizeDescriptionHtml(template.description), scoring: template.scoring ?? null })
        .onConflictDoNothing({ target: [qaTemplates.key, qaTemplates.version] });
      await tx
        .update(qaTemplates)
        .set({ isCurrent: false })
        .where(and(eq(qaTemplates.key, template.key), lt(qaTemplates.version, template.version), isNull(qaTemplates.ownerId)));
    });
  }
}

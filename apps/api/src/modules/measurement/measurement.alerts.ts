import { type MeasurementPlan, type SafetyAlert } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ownedPatient } from '../patients/patients.service';
import * as repo from './measurement.repository';
import type { AlertWithNames } from './measurement.repository';
import { toPlan } from './measurement.plans';

// ---- safety alerts ----

function toAlert({ alert, patientName, formName, acknowledgedBy }: AlertWithNames): SafetyAlert {
  return {
    id: alert.id,
    patientId: alert.patientId,
    patientName,
    formId: alert.formId,
    formName,
    kind: alert.kind,
    message: alert.message,
    fieldNumber: alert.fieldNumber,
    createdAt: alert.createdAt.toISOString(),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: alert.acknowledgedAt ? acknowledgedBy : null,
  };
}

const ALERT_LIST_LIMIT = 100;

/** The professional's alerts, newest first: the open ones, or the latest 100; of one patient (404 for another's) or all. */
export async function listAlerts(ctx: Context, ownerId: string, query: { status: 'open' | 'all'; patientId?: string | undefined }): Promise<SafetyAlert[]> {
  if (query.patientId) await ownedPatient(ctx, ownerId, query.patientId);
  const rows = await repo.listAlerts(ctx.db, ownerId, { openOnly: query.status === 'open', patientId: query.patientId, limit: ALERT_LIST_LIMIT });
  for (const patientId of new Set(rows.map((row) => row.alert.patientId))) noteAccess({ patientId, action: 'read', entityType: 'alert', entityId: 'list' });
  return rows.map(toAlert);
}

/** Every alert of the patient and the measurement plans (the caller has checked the patient is the owner's), for the export. */
export async function exportMeasurement(ctx: Context, ownerId: string, patientId: string): Promise<{ alerts: SafetyAlert[]; plans: MeasurementPlan[] }> {
  const [alerts, plans] = await Promise.all([
    repo.listAlerts(ctx.db, ownerId, { openOnly: false, patientId, limit: Number.MAX_SAFE_INTEGER }),
    repo.listPlans(ctx.db, ownerId, patientId),
  ]);
  return { alerts: alerts.map(toAlert), plans: plans.map(toPlan) };
}

/** 'Ciente': who and when are kept; an alert already acknowledged keeps its first acknowledgement. */
export async function acknowledgeAlert(ctx: Context, ownerId: string, id: string): Promise<SafetyAlert> {
  const found = await repo.findAlert(ctx.db, ownerId, id);
  if (!found) throw new AppError('ALERT_NOT_FOUND');
  if (!found.alert.acknowledgedAt) await repo.acknowledgeAlert(ctx.db, ownerId, id, ownerId, ctx.clock.now());
  const updated = await repo.findAlert(ctx.db, ownerId, id);
  if (!updated) throw new AppError('ALERT_NOT_FOUND');
  noteAccess({ patientId: updated.alert.patientId, action: 'update', entityType: 'alert', entityId: id });
  return toAlert(updated);
}

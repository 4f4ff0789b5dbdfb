import { messages, type Payment, type ReceitaSaudeUpdate } from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './finance.repository';
import { obligedToReceitaSaude, withAllocations } from './finance.mapping';
import { todayIn } from './finance.days';

// ---- Receita Saúde ----

/**
 * Marks the payment's receipt issued in Receita Saúde (today in the professional's zone when no
 * day is given) or back to pending, and fills in the CPFs given. 409 for a cancelled receipt, for
 * a professional Receita Saúde does not oblige, or when a CPF the receipt needs is still missing.
 */
export async function updateReceitaSaude(ctx: Context, owner: SessionUser, id: string, request: ReceitaSaudeUpdate): Promise<Payment> {
  const now = ctx.clock.now();
  const issuedOn = request.issuedOn ?? todayIn(owner.timeZone, now);
  if (issuedOn > todayIn(owner.timeZone, now)) throw new AppError('VALIDATION', messages.tax.validation.futureDate(messages.tax.validation.issuedOn));
  const payment = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockPayment(tx, owner.id, id);
    if (!found) throw new AppError('PAYMENT_NOT_FOUND');
    if (found.voidedAt) throw new AppError('PAYMENT_VOIDED');
    const documents = {
      payerDocument: request.payerDocument === undefined ? found.payerDocument : request.payerDocument,
      patientDocument: request.patientDocument === undefined ? found.patientDocument : request.patientDocument,
    };
    if (request.status === 'issued') {
      if (!obligedToReceitaSaude(owner)) throw new AppError('RECEITA_SAUDE_NOT_REQUIRED');
      if (!documents.payerDocument || !documents.patientDocument) throw new AppError('RECEITA_SAUDE_INCOMPLETE');
      // A receipt of Receita Saúde is issued for a payment received: never before it.
      if (issuedOn < found.paidOn) throw new AppError('VALIDATION', messages.tax.validation.issuedBeforePayment);
    }
    const issued = request.status === 'issued';
    return repo.updateReceitaSaude(tx, found.id, {
      ...documents,
      receitaSaudeStatus: request.status,
      receitaSaudeIssuedOn: issued ? issuedOn : null,
      receitaSaudeNumber: issued ? (request.number ?? null) : null,
    });
  });
  if (payment.patientId) noteAccess({ patientId: payment.patientId, action: 'update', entityType: 'payment', entityId: payment.id });
  const [answer] = await withAllocations(ctx, [payment]);
  return answer!;
}

/**
 * Marks issued, on `issuedOn`, every payment of the owner's still pending in Receita Saúde,
 * dated from `fromDay` (inclusive) to `toDay` (exclusive), not cancelled, with both CPFs, and
 * registered by `registeredBy`: what the Carnê-Leão file of those days carried. Answers how many.
 */
export async function markReceitaSaudeIssued(
  ctx: Context,
  ownerId: string,
  range: { fromDay: string; toDay: string; registeredBy: Date },
  issuedOn: string,
): Promise<number> {
  return repo.markReceitaSaudeIssued(ctx.db, ownerId, range, issuedOn);
}

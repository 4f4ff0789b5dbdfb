import { formatCents, fullNameOf, professionalNameOf } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { once } from '../../platform/jobs/once';
import { sendPixChargeMail, sendReceiptMail } from './finance.mails';
import * as repo from './finance.repository';
import { renderReceipt } from './receipt-renderer';
import { sessionDates } from './session-dates';
import { receiptContent, RECEIPT_MAIL_JOB } from './finance.receipts';
import { qrCodes, PIX_CHARGE_MAIL_JOB } from './finance.pix';

export function defineFinanceJobs(ctx: Context): void {
  ctx.jobs.define<{ paymentId: string; email: string }>(RECEIPT_MAIL_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const payment = await repo.findPaymentById(ctx.db, data.paymentId);
        if (!payment) return;
        const content = await receiptContent(ctx, payment);
        await sendReceiptMail(ctx, { email: data.email, greetingName: payment.payerName, content, pdf: await renderReceipt(content) });
      }),
  });
  ctx.jobs.define<{ chargeId: string }>(PIX_CHARGE_MAIL_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const found = await repo.findPixCharge(ctx.db, data.chargeId);
        const professional = found ? await repo.findProfessional(ctx.db, found.charge.ownerId) : undefined;
        const to = found?.charge.emailedTo;
        if (!found || !to || !professional) return;
        const { charge, patient } = found;
        const qrPng = await (await qrCodes()).toBuffer(charge.payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
        await sendPixChargeMail(ctx, {
          email: to,
          greetingName: patient.payerName ?? fullNameOf(patient),
          professional: professionalNameOf(professional),
          amount: formatCents(charge.amountCents),
          sessions: sessionDates(charge.sessionStarts.map((start) => new Date(start)), professional.timeZone),
          payload: charge.payload,
          qrPng,
        });
      }),
  });
}

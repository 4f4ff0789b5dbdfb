import { financeApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as finance from './finance.service';

const f = messages.finance;

export function financeRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, financeApi.createPayment, async (request) => {
      const payment = await finance.createPayment(ctx, sessionUser(request), request.body);
      return { data: { payment }, message: f.paymentRegistered(payment.receiptNumber) };
    });

    route(app, financeApi.listPayments, async (request) => ({
      data: { payments: await finance.listPayments(ctx, sessionUser(request), request.query.month) },
    }));

    route(app, financeApi.getPayment, async (request) => ({ data: { payment: await finance.getPayment(ctx, sessionUser(request).id, request.params.id) } }));

    route(app, financeApi.voidPayment, async (request) => {
      const payment = await finance.voidPayment(ctx, sessionUser(request).id, request.params.id, request.body.reason);
      return { data: { payment }, message: f.paymentVoided(payment.receiptNumber) };
    });

    route(app, financeApi.updateReceitaSaude, async (request) => ({
      data: { payment: await finance.updateReceitaSaude(ctx, sessionUser(request), request.params.id, request.body) },
      message: messages.tax.payment.updated,
    }));

    rawRoute(app, financeApi.receipt, async (request, reply) => {
      const { filename, pdf } = await finance.receiptFile(ctx, sessionUser(request).id, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    route(app, financeApi.emailReceipt, async (request) => {
      const email = await finance.emailReceipt(ctx, sessionUser(request).id, request.params.id, request.body.email);
      return { data: { email }, message: f.receiptQueued(email) };
    });

    route(app, financeApi.summary, async (request) => ({ data: { summary: await finance.getSummary(ctx, sessionUser(request), request.query.month) } }));

    route(app, financeApi.pending, async (request) => ({ data: { patients: await finance.getPending(ctx, sessionUser(request), request.query.month) } }));

    rawRoute(app, financeApi.report, async (request, reply) => {
      const { filename, stream } = await finance.monthlyReport(ctx, sessionUser(request), request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });

    route(app, financeApi.patientFinance, async (request) => ({
      data: { finance: await finance.getPatientFinance(ctx, sessionUser(request).id, request.params.id) },
    }));

    route(app, financeApi.createPixCharge, async (request) => {
      const pixCharge = await finance.createPixCharge(ctx, sessionUser(request), request.params.id, request.body);
      return { data: { pixCharge }, message: pixCharge.emailedTo ? f.pixEmailed(pixCharge.emailedTo) : f.pixCreated };
    });
  };
}

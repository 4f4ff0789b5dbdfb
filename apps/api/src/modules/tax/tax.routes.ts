import { messages, taxApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { withSingleFile } from '../../platform/uploads';
import { sessionUser } from '../sessions/sessions.service';
import * as tax from './tax.service';

const t = messages.tax;

export function taxRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    rawRoute(app, taxApi.carneLeaoFile, async (request, reply) => {
      const file = await tax.carneLeaoFile(ctx, sessionUser(request), request.query);
      return reply
        .type(file.contentType === 'text/csv' ? 'text/csv; charset=utf-8' : file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });

    rawRoute(app, taxApi.carneLeaoExpensesFile, async (request, reply) => {
      const { filename, stream } = await tax.expensesFile(ctx, sessionUser(request), request.query.year);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });

    route(app, taxApi.carneLeaoSummary, async (request) => ({
      data: { carneLeao: await tax.carneLeaoSummary(ctx, sessionUser(request), request.query.month) },
    }));

    route(app, taxApi.markIssued, async (request) => {
      const count = await tax.markIssued(ctx, sessionUser(request), request.body);
      return { data: { count }, message: t.panel.markedIssued(count) };
    });

    route(app, taxApi.createExpense, async (request) => ({
      data: { expense: await tax.createExpense(ctx, sessionUser(request), request.body) },
      message: t.expenses.created,
    }));

    route(app, taxApi.listExpenses, async (request) => ({ data: { expenses: await tax.listExpenses(ctx, sessionUser(request), request.query) } }));

    route(app, taxApi.updateExpense, async (request) => ({
      data: { expense: await tax.updateExpense(ctx, sessionUser(request), request.params.id, request.body) },
      message: t.expenses.updated,
    }));

    route(app, taxApi.attachExpenseReceipt, async (request) => {
      const expense = await withSingleFile(request, taxApi.attachExpenseReceipt.multipart, (upload) =>
        tax.attachReceipt(ctx, sessionUser(request), request.params.id, upload),
      );
      return { data: { expense }, message: t.expenses.receiptAttached };
    });

    route(app, taxApi.removeExpenseReceipt, async (request) => ({
      data: { expense: await tax.removeReceipt(ctx, sessionUser(request), request.params.id) },
      message: t.expenses.receiptRemoved,
    }));

    route(app, taxApi.deleteExpense, async (request) => {
      await tax.deleteExpense(ctx, sessionUser(request), request.params.id);
      return { data: null, message: t.expenses.deleted };
    });
  };
}

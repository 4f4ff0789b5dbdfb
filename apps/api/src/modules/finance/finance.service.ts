// Finance's services, one use case or cohesive group per file (issue 27); callers import them from here.
export { obligedToReceitaSaude, receitaSaudeOf, toPayment } from './finance.mapping';
export { createPayment, getPayment, voidPayment, listPayments } from './finance.payments';
export { updateReceitaSaude, markReceitaSaudeIssued } from './finance.receita-saude';
export { receiptFile, emailReceipt } from './finance.receipts';
export { defineFinanceJobs } from './finance.jobs';
export { getSummary, getPending, getPatientFinance, exportPayments } from './finance.month';
export { todayIn } from './finance.days';
export { patientBalance, patientReceiptFile } from './finance.portal';
export { monthlyReport } from './finance.monthly-report';
export { createPixCharge } from './finance.pix';

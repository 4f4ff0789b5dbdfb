import { messages, type Expense } from '@consultorio/shared';
import { Modal } from '@mantine/core';
import { ExpenseForm } from './expense-form';

/** 'Editar despesa': the expense's form in a dialog, loaded when first opened (Mantine's Modal is not on the page before). */
export function ExpenseEditModal({ opened, expense, month, onClose }: { opened: boolean; expense: Expense; month: string; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.tax.expenses.editTitle}>
      {opened && <ExpenseForm month={month} expense={expense} onSaved={onClose} />}
    </Modal>
  );
}

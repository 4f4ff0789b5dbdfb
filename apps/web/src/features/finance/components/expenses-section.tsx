import { carneLeaoExpenseCodes, expenseReceiptTypes, formatCents, messages, type Expense } from '@consultorio/shared';
import { ActionIcon, Anchor, Badge, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPaperclip, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useLatch } from '../../../hooks/use-latch';
import { fileUrl } from '../../../lib/format';
import { useAttachExpenseReceipt, useDeleteExpense, useExpenses, useRemoveExpenseReceipt } from '../api/expenses';
import { ExpenseForm } from './expense-form';
import { formatDay } from './finance-format';

// Loaded when first opened, with Mantine's Modal (issue 34: no dialog is drawn with the page).
const ExpenseEditModal = lazy(async () => ({ default: (await import('./expense-edit-modal')).ExpenseEditModal }));
const ConfirmDeleteModal = lazy(async () => ({ default: (await import('../../../components/confirm-delete-modal')).ConfirmDeleteModal }));

const x = messages.tax.expenses;
function ExpenseReceiptControls({ expense }: { expense: Expense }) {
  const attach = useAttachExpenseReceipt();
  const removeReceipt = useRemoveExpenseReceipt();
  if (expense.receipt) {
    return (
      <>
        <Anchor href={fileUrl(expense.receipt.fileKey)} target="_blank" rel="noopener" size="sm" aria-label={x.openReceipt(expense.description)}>
          {x.receipt}
        </Anchor>
        <ActionIcon variant="subtle" aria-label={x.removeReceipt(expense.description)} onClick={() => removeReceipt.mutate(expense.id)} disabled={removeReceipt.isPending}>
          <IconX size={16} />
        </ActionIcon>
      </>
    );
  }
  return (
    <FileButton accept={expenseReceiptTypes.join(',')} onChange={(file) => file && attach.mutate({ id: expense.id, file })}>
      {(props) => (
        <ActionIcon {...props} variant="subtle" aria-label={x.attachReceipt(expense.description)} loading={attach.isPending}>
          <IconPaperclip size={16} />
        </ActionIcon>
      )}
    </FileButton>
  );
}

function ExpenseRow({ expense, month }: { expense: Expense; month: string }) {
  const remove = useDeleteExpense();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Mounted when first opened and kept, so that they slide out as they close.
  const isEditMounted = useLatch(editing);
  const isConfirmMounted = useLatch(confirmingDelete);
  return (
    <Table.Tr>
      <Table.Td>{formatDay(expense.date)}</Table.Td>
      <Table.Td>
        <Text size="sm">{carneLeaoExpenseCodes[expense.code] ?? expense.code}</Text>
        <Badge size="xs" variant="light" color={expense.deductible ? 'teal' : 'gray'}>
          {expense.deductible ? x.deductible : x.notDeductible}
        </Badge>
      </Table.Td>
      <Table.Td>{expense.description}</Table.Td>
      <Table.Td ta="right">{formatCents(expense.amountCents)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ExpenseReceiptControls expense={expense} />
          <ActionIcon variant="subtle" aria-label={x.edit(expense.description)} onClick={() => setEditing(true)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={x.delete(expense.description)} onClick={() => setConfirmingDelete(true)} disabled={remove.isPending}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Suspense fallback={null}>
          {isEditMounted && <ExpenseEditModal opened={editing} expense={expense} month={month} onClose={() => setEditing(false)} />}
          {isConfirmMounted && (
            <ConfirmDeleteModal
              opened={confirmingDelete}
              text={x.deleteConfirmation(expense.description)}
              isDeleting={remove.isPending}
              onConfirm={() => remove.mutate(expense.id, { onSuccess: () => setConfirmingDelete(false) })}
              onClose={() => setConfirmingDelete(false)}
            />
          )}
        </Suspense>
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Livro-caixa': the month's expenses with their Carnê-Leão accounts and receipts, and the form to add one. */
export function ExpensesSection({ month, currentYear }: { month: string; currentYear: number }) {
  const titleId = useId();
  const expenses = useExpenses(month, currentYear);
  const rows = expenses.data ?? [];
  return (
    <Paper component="section" aria-labelledby={titleId} p="md">
      <Stack gap="xs">
        <Title id={titleId} order={3}>
          {x.title}
        </Title>
        <ExpenseForm key={month} month={month} />
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {x.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing={4} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{x.date}</Table.Th>
                  <Table.Th>{x.code}</Table.Th>
                  <Table.Th>{x.description}</Table.Th>
                  <Table.Th ta="right">{x.amount}</Table.Th>
                  <Table.Th>{x.receipt}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((expense) => (
                  <ExpenseRow key={expense.id} expense={expense} month={month} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

import { carneLeaoExpenseCodes, expenseReceiptTypes, formatCents, limits, messages, type Expense } from '@consultorio/shared';
import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPaperclip, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/money-input';
import { fileUrl, parseBrazilianDate } from '../../../lib/format';
import { useAttachExpenseReceipt, useCreateExpense, useDeleteExpense, useExpenses, useRemoveExpenseReceipt, useUpdateExpense } from '../api/expenses';
import { formatDay } from './finance-format';

const x = messages.tax.expenses;
const codeOptions = Object.entries(carneLeaoExpenseCodes).map(([code, name]) => ({ value: code, label: `${code} — ${name}` }));

/** 'Adicionar despesa' (date in the month shown) or 'Editar despesa': account of the Carnê-Leão's chart, amount and description. */
function ExpenseForm({ month, expense, onSaved }: { month: string; expense?: Expense; onSaved?: () => void }) {
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const [date, setDate] = useState<string | null>(expense?.date ?? `${month}-01`);
  const [code, setCode] = useState<string | null>(expense?.code ?? null);
  const [amount, setAmount] = useState<number | ''>(expense?.amountCents ?? '');
  const [description, setDescription] = useState(expense?.description ?? '');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { date: date ?? '', code: code ?? '', amountCents: amount === '' ? 0 : amount, description };
    if (expense) {
      update.mutate({ id: expense.id, body }, { onSuccess: () => onSaved?.() });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        setAmount('');
        setDescription('');
      },
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <SimpleGrid cols={expense ? 1 : { base: 1, sm: 2, md: 4 }} spacing="xs">
        <DateField
          label={x.date}
          required
          locale="pt-br"
          valueFormat="DD/MM/YYYY"
          dateParser={parseBrazilianDate}
          minDate={limits.dateMin}
          maxDate={limits.dateMax}
          value={date}
          onChange={setDate}
        />
        <Select label={x.code} required searchable data={codeOptions} value={code} onChange={setCode} nothingFoundMessage={messages.common.nothingFound} />
        <MoneyInput label={x.amount} required value={amount} onChange={setAmount} />
        <TextInput label={x.description} required maxLength={255} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        {expense ? (
          <Button type="submit" loading={update.isPending}>
            {messages.common.save}
          </Button>
        ) : (
          <Button type="submit" variant="default" leftSection={<IconPlus size={16} />} loading={create.isPending}>
            {x.add}
          </Button>
        )}
      </Group>
    </form>
  );
}

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
        <Modal opened={editing} onClose={() => setEditing(false)} title={x.editTitle}>
          {editing && <ExpenseForm month={month} expense={expense} onSaved={() => setEditing(false)} />}
        </Modal>
        <ConfirmDeleteModal
          opened={confirmingDelete}
          text={x.deleteConfirmation(expense.description)}
          isDeleting={remove.isPending}
          onConfirm={() => remove.mutate(expense.id, { onSuccess: () => setConfirmingDelete(false) })}
          onClose={() => setConfirmingDelete(false)}
        />
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
        <ExpenseForm month={month} />
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

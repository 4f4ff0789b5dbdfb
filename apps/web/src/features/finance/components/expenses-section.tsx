import { carneLeaoExpenseCodes, expenseReceiptTypes, formatCents, limits, messages, type Expense } from '@consultorio/shared';
import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPaperclip, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/money-input';
import { fileUrl, parseBrazilianDate } from '../../../lib/format';
import { useAttachExpenseReceipt, useCreateExpense, useDeleteExpense, useExpenses, useRemoveExpenseReceipt } from '../api/expenses';
import { formatDay } from './finance-format';

const x = messages.tax.expenses;
const codeOptions = Object.entries(carneLeaoExpenseCodes).map(([code, name]) => ({ value: code, label: `${code} — ${name}` }));

/** 'Adicionar despesa': date (in the month shown), account of the Carnê-Leão's chart, amount and description. */
function ExpenseForm({ month }: { month: string }) {
  const create = useCreateExpense();
  const [date, setDate] = useState<string | null>(`${month}-01`);
  const [code, setCode] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | ''>('');
  const [description, setDescription] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { date: date ?? '', code: code ?? '', amountCents: amount === '' ? 0 : amount, description },
      {
        onSuccess: () => {
          setAmount('');
          setDescription('');
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
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
        <Button type="submit" variant="default" leftSection={<IconPlus size={16} />} loading={create.isPending}>
          {x.add}
        </Button>
      </Group>
    </form>
  );
}

function ExpenseRow({ expense }: { expense: Expense }) {
  const remove = useDeleteExpense();
  const attach = useAttachExpenseReceipt();
  const removeReceipt = useRemoveExpenseReceipt();
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
          {expense.receipt ? (
            <>
              <Anchor href={fileUrl(expense.receipt.fileKey)} target="_blank" rel="noopener" size="sm" aria-label={x.openReceipt(expense.description)}>
                {x.receipt}
              </Anchor>
              <ActionIcon variant="subtle" aria-label={x.removeReceipt(expense.description)} onClick={() => removeReceipt.mutate(expense.id)} disabled={removeReceipt.isPending}>
                <IconX size={16} />
              </ActionIcon>
            </>
          ) : (
            <FileButton accept={expenseReceiptTypes.join(',')} onChange={(file) => file && attach.mutate({ id: expense.id, file })}>
              {(props) => (
                <ActionIcon {...props} variant="subtle" aria-label={x.attachReceipt(expense.description)} loading={attach.isPending}>
                  <IconPaperclip size={16} />
                </ActionIcon>
              )}
            </FileButton>
          )}
          <ActionIcon variant="subtle" color="red" aria-label={x.delete(expense.description)} onClick={() => remove.mutate(expense.id)} disabled={remove.isPending}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Livro-caixa': the month's expenses with their Carnê-Leão accounts and receipts, and the form to add one. */
export function ExpensesSection({ month, currentYear }: { month: string; currentYear: number }) {
  const titleId = useId();
  // The API lists the years 2025 to the current one.
  const expenses = useExpenses(month, month >= '2025-01' && Number(month.slice(0, 4)) <= currentYear);
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
                  <ExpenseRow key={expense.id} expense={expense} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

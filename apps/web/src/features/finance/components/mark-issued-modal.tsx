import { messages, type Payment } from '@consultorio/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BusyModal } from '../../../components/busy-modal';
import { DateField } from '../../../components/date-field';
import { CloseButton } from '../../../components/form-actions';
import { useUpdateReceitaSaude } from '../api/receita-saude';
import { todayIn } from './finance-format';

const rs = messages.tax.payment;

interface MarkIssuedModalProps {
  payment: Payment;
  timeZone: string;
  onClose: () => void;
}

/**
 * 'Marcar como emitido no Receita Saúde' for one receipt issued in the app of Receita Saúde: the
 * day it was issued there (today unless changed) and its number there, when the professional has it.
 */
export function MarkIssuedModal({ payment, timeZone, onClose }: MarkIssuedModalProps) {
  const today = todayIn(timeZone);
  const [issuedOn, setIssuedOn] = useState(today);
  const [number, setNumber] = useState('');
  const update = useUpdateReceitaSaude();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate({ paymentId: payment.id, status: 'issued', issuedOn, number: number.trim() === '' ? null : number }, { onSuccess: onClose });
  };

  return (
    <BusyModal opened onClose={onClose} title={rs.markIssuedTitle(payment.receiptNumber)} isBusy={update.isPending} isDirty={issuedOn !== today || number !== ''}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">{rs.markIssuedText}</Text>
          <DateField
            label={rs.issuedOnLabel}
            required
            minDate={payment.paidAt}
            maxDate={today}
            value={issuedOn}
            onChange={(value) => setIssuedOn(value ?? today)}
          />
          <TextInput label={rs.number} description={rs.numberHint} maxLength={40} value={number} onChange={(event) => setNumber(event.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <CloseButton onClose={onClose} disabled={update.isPending} />
            <Button type="submit" loading={update.isPending}>
              {rs.markIssuedConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}

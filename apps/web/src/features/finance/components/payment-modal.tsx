import { formatCents, messages, paymentMethods, type Payment, type PaymentCreateRequest, type PaymentMethod, type PendingPatient } from '@consultorio/shared';
import { Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { BusyModal } from '../../../components/busy-modal';
import { DateField } from '../../../components/date-field';
import { CloseButton } from '../../../components/form-actions';
import { reaisInputToCents } from '../../../lib/format';
import { useCreatePayment } from '../api/create-payment';
import { todayIn } from './finance-format';

const f = messages.finance;
const methodOptions = paymentMethods.map((method) => ({ value: method, label: f.methods[method] }));

interface PaymentModalProps {
  patient: PendingPatient;
  /** The sessions chosen, with what each still owes. */
  sessionIds: string[];
  totalCents: number;
  timeZone: string;
  onClose: () => void;
  /** Told of the payment once registered (the card this opened from may then leave the list). */
  onPaid: (payment: Payment) => void;
}

/**
 * 'Registrar pagamento' for the chosen sessions of one patient: the amount (their balance unless
 * changed; less leaves the rest owed), the method, the day and a note.
 */
export function PaymentModal({ patient, sessionIds, totalCents, timeZone, onClose, onPaid }: PaymentModalProps) {
  const today = todayIn(timeZone);
  const [amount, setAmount] = useState<number | string>(totalCents / 100);
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const [paidAt, setPaidAt] = useState<string>(today);
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const registerPayment = useCreatePayment();
  const isDirty = amount !== totalCents / 100 || method !== 'pix' || paidAt !== today || note !== '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const cents = reaisInputToCents(amount);
    if (cents === null || cents <= 0) return setAmountError(messages.validation.amountInvalid);
    if (cents > totalCents) return setAmountError(messages.errors.amountAboveBalance(formatCents(totalCents)));
    setAmountError(null);
    const body: PaymentCreateRequest = { patientId: patient.patientId, appointmentIds: sessionIds, amountCents: cents, method, paidAt, note };
    registerPayment.mutate(body, {
      onSuccess: (response) => {
        onPaid(response.data.payment);
        onClose();
      },
    });
  };

  return (
    <BusyModal opened onClose={onClose} title={f.paymentTitle(patient.patientName)} isBusy={registerPayment.isPending} isDirty={isDirty}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">{f.selectedTotal(sessionIds.length, formatCents(totalCents))}</Text>
          <NumberInput
            label={f.amount}
            required
            prefix="R$ "
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            fixedDecimalScale
            min={0}
            allowNegative={false}
            value={amount}
            onChange={setAmount}
            error={amountError}
            description={f.partialNote}
          />
          <Select
            label={f.method}
            required
            data={methodOptions}
            value={method}
            onChange={(value) => setMethod(paymentMethods.find((item) => item === value) ?? 'pix')}
            allowDeselect={false}
          />
          <DateField
            label={f.paidAt}
            required
            maxDate={today}
            value={paidAt}
            onChange={(value) => setPaidAt(value ?? today)}
          />
          <Textarea label={f.note} autosize minRows={2} maxLength={500} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
          <Group justify="flex-end">
            <CloseButton onClose={onClose} disabled={registerPayment.isPending} label={messages.common.cancel} />
            <Button type="submit" disabled={registerPayment.isPending}>
              {registerPayment.isPending ? messages.common.saving : f.registerPayment}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}

import { messages, paymentVoidRequest, type Payment, type PaymentVoidRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { CloseButton } from '../../../components/form-actions';
import { useVoidPayment } from '../api/void-payment';

const f = messages.finance;

interface VoidReceiptModalProps {
  payment: Payment;
  onClose: () => void;
}

/** 'Cancelar recibo': asks why (the reason is printed on the receipt), then cancels it. */
export function VoidReceiptModal({ payment, onClose }: VoidReceiptModalProps) {
  const voidPayment = useVoidPayment();
  const { register, handleSubmit, formState } = useForm<PaymentVoidRequest, unknown, { reason: string }>({
    resolver: zodResolver(paymentVoidRequest),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) => voidPayment.mutate({ paymentId: payment.id, reason }, { onSuccess: onClose }));

  return (
    <BusyModal opened onClose={onClose} title={f.voidTitle(payment.receiptNumber)} isBusy={voidPayment.isPending} isDirty={formState.isDirty}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">{f.voidText}</Text>
          <Textarea
            label={f.voidReason}
            placeholder={f.voidReasonPlaceholder}
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            error={formState.errors.reason?.message}
            {...register('reason')}
          />
          <Group justify="flex-end">
            <CloseButton onClose={onClose} disabled={voidPayment.isPending} label={f.voidKeep} />
            <Button type="submit" color="red" loading={voidPayment.isPending}>
              {f.voidConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}

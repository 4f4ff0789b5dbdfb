import { messages, type Payment } from '@consultorio/shared';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { receiptUrl } from '../api/downloads';
import { useReceiptMailer } from './receipt-mailer';

const f = messages.finance;

/** After 'Registrar pagamento': the receipt issued, to download or to mail to the patient. */
export function ReceiptIssuedModal({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const mailer = useReceiptMailer(payment);
  return (
    <Modal opened onClose={onClose} title={`${f.receiptNumber} ${f.receiptNumberShort(payment.receiptNumber)} — ${payment.patientName}`} centered>
      <Stack>
        <Alert color="green">{f.paymentRegistered(payment.receiptNumber)}</Alert>
        <Group>
          <Button component="a" href={receiptUrl(payment.id)} download leftSection={<IconDownload size={16} />} aria-label={f.downloadReceiptLabel(payment.receiptNumber)}>
            {f.downloadReceipt}
          </Button>
          {payment.patientId !== null && (
            <Button
              variant="default"
              leftSection={<IconMail size={16} />}
              disabled={mailer.isPending || mailer.isSuccess}
              onClick={mailer.send}
              aria-label={f.emailReceiptLabel(payment.receiptNumber)}
            >
              {f.emailReceipt}
            </Button>
          )}
        </Group>
        {mailer.dialog}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            {messages.common.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

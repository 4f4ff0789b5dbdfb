import { formatCents, messages, type PendingPatient, type PixCharge } from '@consultorio/shared';
import { Alert, Button, Checkbox, CopyButton, Group, Image, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreatePixCharge } from '../api/create-pix-charge';

const f = messages.finance;

interface PixChargeModalProps {
  patient: PendingPatient;
  sessionIds: string[];
  totalCents: number;
  /** The professional has a Pix key in the profile. */
  hasPixKey: boolean;
  onClose: () => void;
}

function ChargeShown({ charge }: { charge: PixCharge }) {
  return (
    <Stack align="center">
      <Text fw={600}>{f.pixAmount(formatCents(charge.amountCents))}</Text>
      <Image src={charge.qrCode} alt={f.pixQrAlt(formatCents(charge.amountCents))} w={240} h={240} />
      <Textarea label={f.pixCopyPaste} value={charge.payload} readOnly autosize minRows={3} w="100%" styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
      <CopyButton value={charge.payload}>
        {({ copied, copy }) => (
          <Button variant={copied ? 'light' : 'filled'} leftSection={<IconCopy size={16} />} onClick={copy}>
            {copied ? f.pixCopied : f.pixCopy}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** 'Cobrar por Pix': a static BR Code for what the chosen sessions owe, with its QR, optionally mailed to the payer. */
export function PixChargeModal({ patient, sessionIds, totalCents, hasPixKey, onClose }: PixChargeModalProps) {
  const [sendEmail, setSendEmail] = useState(false);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const createCharge = useCreatePixCharge();

  return (
    <Modal opened onClose={onClose} title={f.pixChargeFor(patient.patientName)} centered>
      {charge ? (
        <Stack>
          <ChargeShown charge={charge} />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {messages.common.close}
            </Button>
          </Group>
        </Stack>
      ) : !hasPixKey ? (
        <Alert color="yellow">{f.pixKeyMissing}</Alert>
      ) : (
        <Stack>
          <Text size="sm">{f.selectedTotal(sessionIds.length, formatCents(totalCents))}</Text>
          <Checkbox
            label={f.pixEmail}
            checked={sendEmail}
            disabled={patient.email === null}
            onChange={(event) => setSendEmail(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.common.cancel}
            </Button>
            <Button
              disabled={createCharge.isPending}
              onClick={() =>
                createCharge.mutate({ patientId: patient.patientId, appointmentIds: sessionIds, sendEmail }, { onSuccess: (response) => setCharge(response.data.pixCharge) })
              }
            >
              {f.pixCharge}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

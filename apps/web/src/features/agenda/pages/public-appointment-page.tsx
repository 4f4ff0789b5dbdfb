import { messages, professionalNameOf, type PublicAppointment } from '@consultorio/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarCheck, IconCalendarX, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LabeledValue } from '../../../components/labeled-value';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { formatLongDate, formatTimeRange, zoneName } from '../../../lib/zoned-format';
import { useAnswerPublicAppointment } from '../api/answer-public-appointment';
import { usePublicAppointment } from '../api/get-public-appointment';


function InvalidLink() {
  return (
    <Paper p="lg">
      <Stack gap="xs">
        <Title order={2}>{messages.agenda.publicInvalidTitle}</Title>
        <Text>{messages.errors.appointmentLinkInvalid}</Text>
        <Text size="sm" c="dimmed">
          {messages.agenda.publicInvalidText}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The page of a reminder's link (/appointment?token=…&action=confirm|cancel), without a
 * session: the appointment and its professional, and the patient's 'Confirmar presença' or
 * 'Cancelar consulta' (with an optional reason). Opening it changes nothing.
 */
export function PublicAppointmentPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { data, error, isPending } = usePublicAppointment(token);

  // A link without a token is not sent to the API.
  if (token === '') return <InvalidLink />;
  if (isPending) return <PageLoader />;
  if (!data) {
    if (hasErrorCode(error, 'APPOINTMENT_LINK_INVALID', 'NOT_FOUND', 'VALIDATION')) return <InvalidLink />;
    return (
      <Alert color="red" variant="light">
        {error instanceof ApiError ? error.message : messages.requestErrors.generic}
      </Alert>
    );
  }
  return <PublicAppointmentContent token={token} data={data} startsCancelling={searchParams.get('action') === 'cancel'} />;
}

interface PublicAppointmentContentProps {
  token: string;
  data: PublicAppointment;
  /** The link was the mail's 'Cancelar consulta': the page opens on the cancellation. */
  startsCancelling: boolean;
}

function PublicAppointmentContent({ token, data, startsCancelling }: PublicAppointmentContentProps) {
  const { appointment, professional } = data;
  // The times are the professional's, as the reminder mail gives them; the zone is named.
  const { timeZone } = appointment;
  const answer = useAnswerPublicAppointment();
  const [isCancelling, setIsCancelling] = useState(startsCancelling);
  const [reason, setReason] = useState('');
  const isOpen = appointment.status === 'scheduled' || appointment.status === 'confirmed';
  const stateText = messages.agenda.publicStates[appointment.status];

  return (
    <Paper p="lg">
      <Stack>
        <Title order={2}>{messages.agenda.publicTitle}</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <LabeledValue label={messages.agenda.publicProfessional} value={professionalNameOf(professional)} />
          <LabeledValue label={messages.agenda.publicModality} value={messages.agenda.modality[appointment.modality]} />
        </SimpleGrid>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {messages.agenda.publicWhen}
          </Text>
          <Text fw={500}>{formatLongDate(appointment.startsAt, timeZone)}</Text>
          <Text fw={500}>{formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {messages.agenda.publicTimeZone(zoneName(timeZone))}
          </Text>
        </Stack>

        {stateText !== '' && (
          <Alert
            role="status"
            color={appointment.status === 'confirmed' ? 'teal' : 'gray'}
            variant="light"
            icon={appointment.status === 'confirmed' ? <IconCalendarCheck size={18} /> : <IconInfoCircle size={18} />}
          >
            {stateText}
          </Alert>
        )}

        {isOpen && !isCancelling && (
          <Stack gap="xs">
            {appointment.status === 'scheduled' && <Text size="sm">{messages.agenda.publicAsk}</Text>}
            <Group>
              {appointment.status === 'scheduled' && (
                <Button
                  leftSection={<IconCalendarCheck size={18} />}
                  loading={answer.isPending}
                  onClick={() => answer.mutate({ token, action: 'confirm' })}
                >
                  {messages.agenda.publicConfirm}
                </Button>
              )}
              <Button
                variant="light"
                color="red"
                leftSection={<IconCalendarX size={18} />}
                disabled={answer.isPending}
                onClick={() => setIsCancelling(true)}
              >
                {messages.agenda.publicCancel}
              </Button>
            </Group>
          </Stack>
        )}

        {isOpen && isCancelling && (
          <Stack gap="xs">
            <Textarea
              label={messages.agenda.publicCancelReason}
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              disabled={answer.isPending}
            />
            <Group>
              <Button variant="default" disabled={answer.isPending} onClick={() => setIsCancelling(false)}>
                {messages.agenda.publicBack}
              </Button>
              <Button
                color="red"
                loading={answer.isPending}
                onClick={() =>
                  answer.mutate({ token, action: 'cancel', reason: reason.trim() }, { onSuccess: () => setIsCancelling(false) })
                }
              >
                {messages.agenda.publicConfirmCancel}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

import { messages, type AccessLogEntry, type PortalAccess } from '@consultorio/shared';
import { Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileZip, IconHistory, IconUserOff, IconUserShare } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCurrentUser, useSession } from '../../../lib/session';
import { useInviteToPortal, usePortalAccess, useRevokePortalAccess } from '../api/invite-to-portal';
import { patientExportUrl, useAccessLog } from '../api/list-access-log';

function AccessLogRows({ entries, timeZone }: { entries: AccessLogEntry[]; timeZone: string }) {
  return entries.map((entry, index) => (
    <Table.Tr key={`${entry.createdAt}-${entry.entityId}-${index}`}>
      <Table.Td>{formatDateTime(entry.createdAt, timeZone)}</Table.Td>
      <Table.Td>{messages.accessLog.actions[entry.action]}</Table.Td>
      <Table.Td>{messages.accessLog.entities[entry.entityType]}</Table.Td>
      <Table.Td>{entry.ip ?? messages.common.dash}</Table.Td>
    </Table.Tr>
  ));
}

function AccessLogModal({ patientId, opened, onClose }: { patientId: string; opened: boolean; onClose: () => void }) {
  const { timeZone } = useCurrentUser();
  const log = useAccessLog(patientId, opened);
  const entries = log.data?.pages.flatMap((page) => page.accessLog) ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={messages.accessLog.title} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          {messages.accessLog.description}
        </Text>
        {log.isPending ? (
          <Loader size="sm" aria-label={messages.app.loading} />
        ) : entries.length === 0 ? (
          <Text>{messages.accessLog.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={messages.accessLog.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{messages.accessLog.when}</Table.Th>
                  <Table.Th>{messages.accessLog.action}</Table.Th>
                  <Table.Th>{messages.accessLog.item}</Table.Th>
                  <Table.Th>{messages.accessLog.address}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <AccessLogRows entries={entries} timeZone={timeZone} />
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
              {messages.accessLog.loadMore}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** In 'Editar Paciente': the patient's rights under LGPD, a copy of all their data and who accessed it. */
export function PatientDataSection({ patientId }: { patientId: string }) {
  const [isLogOpen, logModal] = useDisclosure(false);
  const invite = useInviteToPortal();
  const revoke = useRevokePortalAccess();
  const [isRevoking, revokeConfirmation] = useDisclosure(false);
  const access = usePortalAccess(patientId);
  // The professional's zone (the panel is only shown signed in).
  const timeZone = useSession().user?.timeZone;
  return (
    <Stack gap="xs" component="section" aria-labelledby="patient-data-title">
      <Title order={3} size="h5" id="patient-data-title">
        {messages.accessLog.exportData}
      </Title>
      <Text size="sm" c="dimmed">
        {messages.accessLog.exportHint}
      </Text>
      <Group>
        <Button component="a" href={patientExportUrl(patientId)} download variant="default" leftSection={<IconFileZip size={18} />}>
          {messages.accessLog.exportData}
        </Button>
        <Button variant="default" leftSection={<IconHistory size={18} />} onClick={logModal.open}>
          {messages.accessLog.title}
        </Button>
        <Button variant="default" leftSection={<IconUserShare size={18} />} loading={invite.isPending} onClick={() => invite.mutate(patientId)}>
          {messages.portal.invite}
        </Button>
        {access.data?.invitedAt && (
          <Button variant="default" color="red" leftSection={<IconUserOff size={18} />} onClick={revokeConfirmation.open}>
            {messages.portal.access.revoke}
          </Button>
        )}
      </Group>
      <PortalAccessLine access={access.data} timeZone={timeZone} />
      {isLogOpen && <AccessLogModal patientId={patientId} opened onClose={logModal.close} />}
      <ConfirmModal
        opened={isRevoking}
        title={messages.portal.access.revoke}
        text={messages.portal.access.revokeConfirmation}
        confirmLabel={messages.portal.access.revoke}
        busyLabel={messages.common.saving}
        color="red"
        isBusy={revoke.isPending}
        onConfirm={() => revoke.mutate(patientId, { onSuccess: revokeConfirmation.close })}
        onClose={revokeConfirmation.close}
      />
    </Stack>
  );
}

/** Where the patient's portal access stands: accepted, withdrawn by the patient (when), or waiting for the terms. */
function PortalAccessLine({ access, timeZone }: { access: PortalAccess | undefined; timeZone: string | undefined }) {
  if (access?.acceptedAt) return <Text size="sm">{messages.portal.access.accepted(formatDate(access.acceptedAt, timeZone))}</Text>;
  if (!access?.invitedAt) return null;
  return (
    <Text size="sm" c="dimmed">
      {access.withdrawnAt ? messages.portal.access.withdrawn(formatDate(access.withdrawnAt, timeZone)) : messages.portal.access.pending}
    </Text>
  );
}


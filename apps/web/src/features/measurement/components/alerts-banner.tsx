import { messages, type SafetyAlert } from '@consultorio/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useTimeZone } from '../../../lib/session';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useOpenAlerts } from '../api/list-alerts';

const m = messages.measurement;

interface AlertsBannerProps {
  /** One patient's alerts (their pages); all the professional's when absent (the dashboard). */
  patientId?: string;
}

/**
 * The red banner of the safety alerts not yet marked 'Ciente': who sent which form and when,
 * the rule's words, a link to the form (and, on the dashboard, to the patient's trends), and
 * 'Ciente'. Nothing when there is none.
 */
export function AlertsBanner({ patientId }: AlertsBannerProps) {
  const { data: alerts = [] } = useOpenAlerts(patientId);
  if (alerts.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={m.alertsLabel}>
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} showsTrendsLink={patientId === undefined} />
      ))}
    </Stack>
  );
}

function AlertItem({ alert, showsTrendsLink }: { alert: SafetyAlert; showsTrendsLink: boolean }) {
  const timeZone = useTimeZone();
  const acknowledge = useAcknowledgeAlert();
  return (
    <Alert color="red" variant="filled" icon={<IconAlertTriangle size={20} />} title={m.alertTitle}>
      <Stack gap="xs">
        <Text size="sm" c="white">
          {m.alertText(alert.patientName, alert.formName, formatDateTime(alert.createdAt, timeZone))}
        </Text>
        <Text size="sm" c="white" fw={700}>
          {alert.message}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="white"
            color="red"
            disabled={acknowledge.isPending}
            onClick={() => acknowledge.mutate(alert.id)}
          >
            {m.acknowledge}
          </Button>
          <Button size="xs" variant="outline" color="white" component={Link} to={paths.patientForm(alert.patientId, alert.formId)}>
            {m.openForm}
          </Button>
          {showsTrendsLink && (
            <Button size="xs" variant="outline" color="white" component={Link} to={paths.patientMeasurement(alert.patientId)}>
              {m.openTrends}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

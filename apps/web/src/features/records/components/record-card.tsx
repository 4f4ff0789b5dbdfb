import { messages, type ClinicalRecord } from '@consultorio/shared';
import { Badge } from '@mantine/core';
import { ItemCard } from '../../../components/item-card';
import { formatDateTime, formatDateTimeOrDash } from '../../../lib/format';
import { paths } from '../../../lib/paths';

interface RecordCardProps {
  record: ClinicalRecord;
  onEdit: (record: ClinicalRecord) => void;
}

/** A record in the patient's list: the assistant that wrote it as the label, its name, its session's date (a note), its dates. */
export function RecordCard({ record, onEdit }: RecordCardProps) {
  return (
    <ItemCard
      name={record.name}
      labels={
        record.aiAssistantName !== null && (
          <Badge variant="light" tt="none" maw="100%" title={messages.records.writtenBy(record.aiAssistantName)}>
            {record.aiAssistantName}
          </Badge>
        )
      }
      details={[
        ...(record.sessionDate !== null ? [messages.records.sessionOn(formatDateTime(record.sessionDate))] : []),
        messages.records.createdOn(formatDateTime(record.creationDate)),
        messages.records.updatedOn(formatDateTimeOrDash(record.lastUpdateDate)),
      ]}
      openTo={paths.patientRecord(record.patientId, record.id)}
      openLabel={messages.records.open}
      editLabel={messages.records.edit}
      onEdit={() => onEdit(record)}
    />
  );
}

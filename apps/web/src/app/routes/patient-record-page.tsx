import { messages, type ClinicalRecord } from '@consultorio/shared';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PatientFrame } from './patient-frame';
import { SessionRecorder } from '../../features/recordings/components/session-recorder';
import { patientQueryOptions } from '../../features/patients/api/get-patient';
import { recordQueryOptions, storeSavedRecord, useRecordDetail } from '../../features/records/api/get-record';
import { RecordView } from '../../features/records/components/record-view';
import { saveUnsavedText } from '../../features/records/components/use-record-saving';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../../lib/session';
import type { PrefetchData } from '../page-modules';

/**
 * /patients/:patientId/records/:recordId: one record inside the patient's area frame (which
 * selects them). This module is the only way to the editor, so Quill stays out of other chunks.
 */
export function PatientRecordPage() {
  const { patientId = '', recordId = '' } = useParams();
  // Asked for now, beside the patient, rather than after the frame has loaded them.
  const { data: detail } = useRecordDetail(recordId);
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // An accepted draft is the record's new version: the editor shows it as it shows a restore.
  const showAccepted = (record: ClinicalRecord) => void storeSavedRecord(queryClient, record);
  const isOwnRecord = detail !== undefined && detail.record.patientId === patientId;
  return (
    <PatientFrame patientId={patientId} title={messages.records.title}>
      <Stack>
        <RecordView patientId={patientId} recordId={recordId} />
        {isOwnRecord && (
          <SessionRecorder
            recordId={recordId}
            readOnly={detail.record.finalizedAt !== null}
            timeZone={user.timeZone}
            onAccepted={showAccepted}
            beforeAccept={() => saveUnsavedText(recordId)}
          />
        )}
      </Stack>
    </PatientFrame>
  );
}

/** The record and its patient, asked for beside the session check (page-modules.ts). */
export const prefetchData: PrefetchData = ({ patientId = '', recordId = '' }) => {
  void queryClient.prefetchQuery(recordQueryOptions(recordId));
  void queryClient.prefetchQuery(patientQueryOptions(patientId));
};

import {
  documentCreateRequest,
  documentKindsFor,
  documentSectionsOf,
  documentTitleOf,
  isPsychologist,
  messages,
  type DocumentCreateRequest,
  type DocumentKind,
  type IssuedDocument,
} from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Loader, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { useCurrentUser } from '../../../lib/session';
import { formatLongDate, formatTimeRange, minutesBetween } from '../../../lib/zoned-format';
import { useAttendedSessions } from '../api/list-attended-sessions';
import { useSaveDocument } from '../api/save-document';

const d = messages.documents;

type FormValues = z.input<typeof documentCreateRequest>;

interface DocumentFormModalProps {
  patientId: string;
  /** The draft to edit; a new document when null. */
  document: IssuedDocument | null;
  opened: boolean;
  onClose: () => void;
}

/** 'Novo documento' or 'Editar rascunho': the kind (new ones only), purpose, recipient, and the sessions or the sections of the kind. */
export function DocumentFormModal({ patientId, document, opened, onClose }: DocumentFormModalProps) {
  const save = useSaveDocument();
  return (
    <BusyModal opened={opened} title={document ? d.edit : d.newDocument} isBusy={save.isPending} onClose={onClose}>
      <DocumentFields
        patientId={patientId}
        document={document}
        isSaving={save.isPending}
        onClose={onClose}
        onSubmit={(values) =>
          save.mutate(
            document ? { documentId: document.id, document: { purpose: values.purpose, recipient: values.recipient, sections: values.sections, appointmentIds: values.appointmentIds } } : { patientId, document: values },
            { onSuccess: onClose },
          )
        }
      />
    </BusyModal>
  );
}

interface DocumentFieldsProps {
  patientId: string;
  document: IssuedDocument | null;
  isSaving: boolean;
  onClose: () => void;
  onSubmit: (values: DocumentCreateRequest) => void;
}

/** What is sent: a declaration's sessions, or the sections of the kind (no other key). */
function requestOf(values: DocumentCreateRequest, psychologist: boolean): DocumentCreateRequest {
  if (values.kind === 'declaracao') return { kind: values.kind, purpose: values.purpose, recipient: values.recipient, appointmentIds: values.appointmentIds ?? [] };
  const keys = (documentSectionsOf(values.kind, psychologist) ?? []).map((spec) => spec.key);
  const sections = Object.fromEntries(keys.map((key) => [key, values.sections?.[key] ?? '']));
  return { kind: values.kind, purpose: values.purpose, recipient: values.recipient, sections };
}

function DocumentFields({ patientId, document, isSaving, onClose, onSubmit }: DocumentFieldsProps) {
  const user = useCurrentUser();
  const psychologist = isPsychologist(user);
  const { register, control, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(documentCreateRequest),
    defaultValues: {
      kind: document?.kind ?? 'declaracao',
      purpose: document?.purpose ?? '',
      recipient: document?.recipient ?? '',
      sections: document?.sections ?? {},
      appointmentIds: document?.sessions.flatMap((session) => (session.appointmentId ? [session.appointmentId] : [])) ?? [],
    },
  });
  const kind = useWatch({ control, name: 'kind' });
  // A declaration states sessions held: said next to them, before anything is sent.
  const submit = (values: FormValues) => {
    if (values.kind === 'declaracao' && (values.appointmentIds ?? []).length === 0) {
      setError('appointmentIds', { message: messages.documents.errors.appointmentsRequired });
      return;
    }
    onSubmit(requestOf(values, psychologist));
  };
  const kinds = documentKindsFor(psychologist).map((value) => ({ value, label: documentTitleOf(value, psychologist) }));

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack>
        {!psychologist && (
          <Text size="sm" c="dimmed">
            {d.notPsychologistHint}
          </Text>
        )}
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Select
              label={d.kind}
              required
              data={kinds}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              disabled={isSaving || document !== null}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput label={d.purpose} description={d.purposeHint} required disabled={isSaving} error={formState.errors.purpose?.message} {...register('purpose')} />
        <TextInput label={d.recipient} description={d.recipientHint} required disabled={isSaving} error={formState.errors.recipient?.message} {...register('recipient')} />
        {kind === 'declaracao' ? (
          <SessionChoice patientId={patientId} control={control} disabled={isSaving} />
        ) : (
          <Sections kind={kind} psychologist={psychologist} register={register} disabled={isSaving} />
        )}
        <FormActions submitLabel={isSaving ? messages.common.saving : document ? d.save : d.create} disabled={isSaving} onClose={onClose} />
      </Stack>
    </form>
  );
}

function SessionChoice({ patientId, control, disabled }: { patientId: string; control: Control<FormValues>; disabled: boolean }) {
  const { timeZone } = useCurrentUser();
  const sessions = useAttendedSessions(patientId);
  if (sessions.isPending) return <Loader size="sm" aria-label={messages.app.loading} />;
  const list = sessions.data ?? [];
  return (
    <Controller
      control={control}
      name="appointmentIds"
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={d.sessionsLabel}
          description={d.sessionsHint}
          withAsterisk
          error={fieldState.error?.message}
          value={field.value ?? []}
          onChange={field.onChange}
        >
          <Stack gap="xs" mt="xs">
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {d.sessionsEmpty}
              </Text>
            ) : (
              list.map((session) => (
                <Checkbox
                  key={session.id}
                  value={session.id}
                  disabled={disabled}
                  label={d.sessionOption(
                    formatLongDate(session.startsAt, timeZone),
                    formatTimeRange(session.startsAt, session.endsAt, timeZone),
                    minutesBetween(session.startsAt, session.endsAt),
                  )}
                />
              ))
            )}
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}

interface SectionsProps {
  kind: DocumentKind;
  psychologist: boolean;
  register: ReturnType<typeof useForm<FormValues>>['register'];
  disabled: boolean;
}

function Sections({ kind, psychologist, register, disabled }: SectionsProps) {
  const specs = documentSectionsOf(kind, psychologist) ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {d.sectionsHint}
      </Text>
      {specs.map((spec) => (
        <Textarea
          key={spec.key}
          label={d.sections[spec.key]}
          withAsterisk={spec.required}
          autosize
          minRows={3}
          maxRows={14}
          disabled={disabled}
          {...register(`sections.${spec.key}`)}
        />
      ))}
    </Stack>
  );
}

import { messages, noteTemplateRequest, type NoteTemplate, type NoteTemplateRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { NameField } from '../../../components/name-field';
import { useSaveNoteTemplate } from '../api/save-note-template';

const r = messages.records;

/** The headings as typed, one per line, into the API's own request schema (blank lines dropped). */
const formSchema = z.object({
  name: noteTemplateRequest.shape.name,
  headings: z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .pipe(noteTemplateRequest.shape.headings),
});
type FormValues = z.input<typeof formSchema>;

interface NoteTemplateModalProps {
  /** The own template to edit; a new one when null. */
  template: NoteTemplate | null;
  opened: boolean;
  onClose: () => void;
}

/** 'Novo modelo' or 'Editar modelo': a name and the headings, one per line. */
export function NoteTemplateModal({ template, opened, onClose }: NoteTemplateModalProps) {
  const save = useSaveNoteTemplate();
  return (
    <BusyModal opened={opened} title={template ? r.editNoteTemplate : r.newNoteTemplate} isBusy={save.isPending} onClose={onClose}>
      <NoteTemplateFields
        template={template}
        isSaving={save.isPending}
        onClose={onClose}
        onSubmit={(values) => save.mutate({ ...(template ? { templateId: template.id } : {}), template: values }, { onSuccess: onClose })}
      />
    </BusyModal>
  );
}

interface NoteTemplateFieldsProps {
  template: NoteTemplate | null;
  isSaving: boolean;
  onClose: () => void;
  onSubmit: (values: NoteTemplateRequest) => void;
}

function NoteTemplateFields({ template, isSaving, onClose, onSubmit }: NoteTemplateFieldsProps) {
  const { register, handleSubmit, formState } = useForm<FormValues, unknown, NoteTemplateRequest>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: template?.name ?? '', headings: template?.headings.join('\n') ?? '' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack>
        <NameField label={r.noteTemplateName} disabled={isSaving} error={formState.errors.name?.message} {...register('name')} />
        <Textarea
          label={r.noteTemplateHeadings}
          description={r.noteTemplateHeadingsHint}
          required
          autosize
          minRows={4}
          maxRows={12}
          disabled={isSaving}
          error={formState.errors.headings?.message}
          {...register('headings')}
        />
        <FormActions submitLabel={isSaving ? messages.common.saving : messages.common.save} disabled={isSaving} onClose={onClose} />
      </Stack>
    </form>
  );
}

import { messages, type sendFormRequest } from '@consultorio/shared';
import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { useGuardedClose, useUnsavedChanges } from '../../../components/unsaved-changes';

type IdSchema = (typeof sendFormRequest)['shape']['formId'];

interface ChoiceValues {
  id: string;
}

/** The shared rule of one field, as a react-hook-form resolver. */
function resolverOf(idSchema: IdSchema): Resolver<ChoiceValues> {
  return (values) => {
    const result = idSchema.safeParse(values.id);
    const outcome: ResolverResult<ChoiceValues> = result.success
      ? { values: { id: result.data }, errors: {} }
      : { values: {}, errors: { id: { type: 'validate', message: result.error.issues[0]?.message } } };
    return outcome;
  };
}

interface ChoosableItem {
  id: string;
  name: string;
}

export interface ChooseItemLabels {
  /** The modal's title, e.g. 'Enviar formulário'. */
  title: string;
  /** The select's label, e.g. 'Formulário'. */
  field: string;
  /** Shown instead of the select when the patient has none. */
  empty: string;
}

interface ChooseItemModalProps {
  labels: ChooseItemLabels;
  /**
   * The rule of the chosen id from the shared send schema (`sendFormRequest.shape.formId`,
   * `sendRecordRequest.shape.recordId`), which carries the 'Selecione um ...' message.
   */
  idSchema: IdSchema;
  /** The patient's list, as its query gives it: read again at each opening. */
  list: { data?: readonly ChoosableItem[]; isFetching: boolean };
  opened: boolean;
  onClose: () => void;
  onChoose: (item: ChoosableItem) => void;
}

/** A modal with one required choice among the patient's forms or records, and 'Enviar'. */
export function ChooseItemModal({ opened, onClose, ...props }: ChooseItemModalProps) {
  return (
    <BusyModal opened={opened} title={props.labels.title} isBusy={false} onClose={onClose}>
      {/* Unmounted when closed: every opening starts with nothing chosen. */}
      <ChooseItemFields {...props} onClose={onClose} />
    </BusyModal>
  );
}

type ChooseItemFieldsProps = Omit<ChooseItemModalProps, 'opened'>;

function ChooseItemFields({ labels, idSchema, list, onClose, onChoose }: ChooseItemFieldsProps) {
  const resolver = useMemo(() => resolverOf(idSchema), [idSchema]);
  const { control, handleSubmit, formState } = useForm<ChoiceValues>({ resolver, defaultValues: { id: '' } });
  useUnsavedChanges(formState.isDirty);
  const close = useGuardedClose(onClose);
  const items = list.data ?? [];
  // A list already loaded is offered at once while it is read again.
  const isLoading = list.isFetching && items.length === 0;
  const isEmpty = !isLoading && items.length === 0;

  const submit = ({ id }: ChoiceValues) => {
    const item = items.find((candidate) => candidate.id === id);
    if (item) onChoose(item);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack>
        {isLoading && (
          <Group justify="center" role="status" aria-label={messages.app.loading}>
            <Loader size="sm" />
          </Group>
        )}
        {isEmpty && <Text c="dimmed">{labels.empty}</Text>}
        {!isLoading && !isEmpty && (
          <Controller
            name="id"
            control={control}
            render={({ field, fieldState }) => (
              <Select
                label={labels.field}
                required
                placeholder={messages.chats.choose}
                data={items.map((item) => ({ value: item.id, label: item.name }))}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                searchable
                nothingFoundMessage={messages.common.nothingFound}
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {messages.common.close}
          </Button>
          <Button type="submit" disabled={isLoading || isEmpty}>
            {messages.chats.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { limits, messages, planCreateRequest, type MeasurementPlan, type PlanCreateRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PageLoader } from '../../../components/page-loader';
import { RequiredSelect } from '../../../components/required-select';
import { formatDateTime } from '../../../lib/format';
import { useQaTemplates } from '../../../lib/qa-templates';
import { useTimeZone } from '../../../lib/session';
import { useCreatePlan } from '../api/create-plan';
import { useDeletePlan } from '../api/delete-plan';
import { usePlans } from '../api/list-plans';

const m = messages.measurement;

function planText(plan: MeasurementPlan): string {
  return plan.trigger === 'interval'
    ? m.planInterval(plan.qaTemplateName, plan.intervalWeeks ?? 1)
    : m.planBeforeAppointment(plan.qaTemplateName);
}

/** 'Planos de medição': the patient's plans, each with its next and last sending, and a new plan's fields. */
export function PlansSection({ patientId }: { patientId: string }) {
  const { data, isPending } = usePlans(patientId);
  return (
    <Paper p="md" component="section" aria-label={m.plansTitle}>
      <Stack>
        <Stack gap={4}>
          <Title order={3}>{m.plansTitle}</Title>
          <Text size="sm" c="dimmed">
            {m.plansText}
          </Text>
        </Stack>
        {isPending ? (
          <PageLoader />
        ) : (
          <>
            {data && !data.patientHasEmail && (
              <Alert color="yellow" variant="light">
                {m.patientNeedsEmail}
              </Alert>
            )}
            {data?.plans.length === 0 && <Text c="dimmed">{m.plansEmpty}</Text>}
            {data?.plans.map((plan) => <PlanItem key={plan.id} plan={plan} />)}
          </>
        )}
        <NewPlanForm patientId={patientId} />
      </Stack>
    </Paper>
  );
}

function PlanItem({ plan }: { plan: MeasurementPlan }) {
  const timeZone = useTimeZone();
  const deletePlan = useDeletePlan();
  const text = planText(plan);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={0} miw={0}>
        <Text fw={500}>{text}</Text>
        {plan.nextDueAt && (
          <Text size="sm" c="dimmed">
            {m.planNextDue(formatDateTime(plan.nextDueAt, timeZone))}
          </Text>
        )}
        {plan.lastSentAt && (
          <Text size="sm" c="dimmed">
            {m.planLastSent(formatDateTime(plan.lastSentAt, timeZone))}
          </Text>
        )}
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={m.deletePlanLabel(text)}
        title={m.deletePlan}
        disabled={deletePlan.isPending}
        onClick={() => deletePlan.mutate({ patientId: plan.patientId, planId: plan.id })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

const emptyPlan: PlanCreateRequest = { qaTemplateId: '', trigger: 'before_appointment', intervalWeeks: null };

/** A new plan: a scored questionnaire, and before each appointment or every N weeks. */
function NewPlanForm({ patientId }: { patientId: string }) {
  const templates = useQaTemplates();
  const createPlan = useCreatePlan();
  const options = (templates.data ?? [])
    .filter((template) => template.scoring !== null)
    .map((template) => ({ value: template.id, label: template.name }));
  const { control, handleSubmit, reset, setValue } = useForm<PlanCreateRequest>({
    resolver: zodResolver(planCreateRequest),
    defaultValues: emptyPlan,
  });
  const trigger = useWatch({ control, name: 'trigger' });
  const submit = handleSubmit((plan) => createPlan.mutate({ patientId, plan }, { onSuccess: () => reset(emptyPlan) }));
  const isCreating = createPlan.isPending;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={m.newPlan}>
      <Stack gap="sm">
        <Title order={4}>{m.newPlan}</Title>
        <RequiredSelect control={control} name="qaTemplateId" label={m.planTemplate} options={options} disabled={isCreating} />
        <Controller
          name="trigger"
          control={control}
          render={({ field, fieldState }) => (
            <Radio.Group
              label={m.planTrigger}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                if (value === 'before_appointment') setValue('intervalWeeks', null);
              }}
              error={fieldState.error?.message}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="before_appointment" label={m.triggers.before_appointment} disabled={isCreating} />
                <Radio value="interval" label={m.triggers.interval} disabled={isCreating} />
              </Stack>
            </Radio.Group>
          )}
        />
        {trigger === 'interval' && (
          <Controller
            name="intervalWeeks"
            control={control}
            render={({ field, fieldState }) => (
              <NumberInput
                label={m.planIntervalWeeks}
                required
                min={1}
                max={limits.measurementIntervalWeeksMax}
                allowDecimal={false}
                allowNegative={false}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={isCreating}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={isCreating}>
            {isCreating ? messages.common.creating : messages.common.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

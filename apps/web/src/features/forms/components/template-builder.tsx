import { builderFieldTypes, messages } from '@consultorio/shared';
import { ActionIcon, Box, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  changeFieldType,
  firstNumbers,
  hasChoices,
  maskPoints,
  moveField,
  moveItem,
  newField,
  newOption,
  newSection,
  removeItem,
  replaceItem,
  type DraftErrors,
  type DraftField,
  type DraftOption,
  type DraftSection,
  type TemplateDraft,
} from './template-draft';

const m = messages.qaTemplates;

const typeOptions = builderFieldTypes.map((type) => ({ value: type, label: m.fieldTypes[type] }));

interface TemplateBuilderProps {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  /** Shown once a save was tried: by the draft's paths ('sections.0.title'). */
  errors: DraftErrors;
  disabled: boolean;
}

interface MoveButtonsProps {
  upLabel: string;
  downLabel: string;
  removeLabel: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  canRemove: boolean;
  disabled: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** Up, down and remove, each named for what it moves ('Mover pergunta 2 para cima'). */
function MoveButtons(props: MoveButtonsProps) {
  const { upLabel, downLabel, removeLabel, canMoveUp, canMoveDown, canRemove, disabled, onMove, onRemove } = props;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" aria-label={upLabel} title={upLabel} disabled={disabled || !canMoveUp} onClick={() => onMove(-1)}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon variant="default" aria-label={downLabel} title={downLabel} disabled={disabled || !canMoveDown} onClick={() => onMove(1)}>
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon variant="default" color="red" aria-label={removeLabel} title={removeLabel} disabled={disabled || !canRemove} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function ErrorText({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Text size="sm" c="var(--mantine-color-error)">
      {children}
    </Text>
  );
}

/**
 * The template builder: name, description, and sections of questions in order; each question
 * has a text, an answer type and, for a choice, options with optional points. Everything is
 * reordered with buttons; the page holds the draft and saves it.
 */
export function TemplateBuilder({ draft, onChange, errors, disabled }: TemplateBuilderProps) {
  const numbers = firstNumbers(draft.sections);
  const setSections = (sections: DraftSection[]) => onChange({ ...draft, sections });
  const changeSection = (index: number, change: (section: DraftSection) => DraftSection) =>
    setSections(replaceItem(draft.sections, index, change));

  return (
    <Stack>
      <TextInput
        label={m.name}
        required
        value={draft.name}
        onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
        error={errors['name']}
        disabled={disabled}
        maxLength={200}
      />
      <Textarea
        label={m.description}
        description={m.descriptionHint}
        value={draft.description}
        onChange={(event) => onChange({ ...draft, description: event.currentTarget.value })}
        error={errors['description']}
        disabled={disabled}
        autosize
        minRows={2}
        maxLength={5000}
      />
      <ErrorText>{errors['sections']}</ErrorText>
      {draft.sections.map((section, sectionIndex) => (
        <SectionEditor
          key={section.key}
          section={section}
          position={sectionIndex + 1}
          firstNumber={numbers[sectionIndex] ?? 1}
          isFirst={sectionIndex === 0}
          isLast={sectionIndex === draft.sections.length - 1}
          canRemove={draft.sections.length > 1}
          errors={errors}
          errorPath={`sections.${sectionIndex}`}
          disabled={disabled}
          onChange={(change) => changeSection(sectionIndex, change)}
          onMove={(delta) => setSections(moveItem(draft.sections, sectionIndex, delta))}
          onRemove={() => setSections(removeItem(draft.sections, sectionIndex))}
          onMoveField={(fieldIndex, delta) => setSections(moveField(draft.sections, sectionIndex, fieldIndex, delta))}
          isFirstField={(fieldIndex) => sectionIndex === 0 && fieldIndex === 0}
          isLastField={(fieldIndex) => sectionIndex === draft.sections.length - 1 && fieldIndex === section.fields.length - 1}
        />
      ))}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} />} disabled={disabled} onClick={() => setSections([...draft.sections, newSection()])}>
          {m.addSection}
        </Button>
      </Group>
    </Stack>
  );
}

interface SectionEditorProps {
  section: DraftSection;
  /** 1-based. */
  position: number;
  /** The number of its first question. */
  firstNumber: number;
  isFirst: boolean;
  isLast: boolean;
  canRemove: boolean;
  errors: DraftErrors;
  errorPath: string;
  disabled: boolean;
  onChange: (change: (section: DraftSection) => DraftSection) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onMoveField: (fieldIndex: number, delta: -1 | 1) => void;
  isFirstField: (fieldIndex: number) => boolean;
  isLastField: (fieldIndex: number) => boolean;
}

function SectionEditor(props: SectionEditorProps) {
  const { section, position, firstNumber, errors, errorPath, disabled, onChange } = props;
  const heading = m.section(position);
  const changeField = (index: number, change: (field: DraftField) => DraftField) =>
    onChange((current) => ({ ...current, fields: replaceItem(current.fields, index, change) }));

  return (
    <Paper component="section" p="md" aria-label={heading} bg="gray.0">
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{heading}</Title>
          <MoveButtons
            upLabel={m.moveSectionUp(position)}
            downLabel={m.moveSectionDown(position)}
            removeLabel={m.removeSection(position)}
            canMoveUp={!props.isFirst}
            canMoveDown={!props.isLast}
            canRemove={props.canRemove}
            disabled={disabled}
            onMove={props.onMove}
            onRemove={props.onRemove}
          />
        </Group>
        <TextInput
          label={m.sectionTitle}
          required
          value={section.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            onChange((current) => ({ ...current, title }));
          }}
          error={errors[`${errorPath}.title`]}
          disabled={disabled}
          maxLength={200}
        />
        {section.fields.map((field, fieldIndex) => (
          <FieldEditor
            key={field.key}
            field={field}
            number={firstNumber + fieldIndex}
            canMoveUp={!props.isFirstField(fieldIndex)}
            canMoveDown={!props.isLastField(fieldIndex)}
            errors={errors}
            errorPath={`${errorPath}.fields.${fieldIndex}`}
            disabled={disabled}
            onChange={(change) => changeField(fieldIndex, change)}
            onMove={(delta) => props.onMoveField(fieldIndex, delta)}
            onRemove={() => onChange((current) => ({ ...current, fields: removeItem(current.fields, fieldIndex) }))}
          />
        ))}
        <ErrorText>{errors[`${errorPath}.fields`]}</ErrorText>
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={disabled}
            onClick={() => onChange((current) => ({ ...current, fields: [...current.fields, newField()] }))}
          >
            {m.addQuestion}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface FieldEditorProps {
  field: DraftField;
  number: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  errors: DraftErrors;
  errorPath: string;
  disabled: boolean;
  onChange: (change: (field: DraftField) => DraftField) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

function FieldEditor({ field, number, errors, errorPath, disabled, onChange, ...props }: FieldEditorProps) {
  const heading = m.question(number);
  const changeOptions = (change: (options: DraftOption[]) => DraftOption[]) =>
    onChange((current) => ({ ...current, options: change(current.options) }));

  return (
    <Paper p="sm" role="group" aria-label={heading}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{heading}</Text>
          <MoveButtons
            upLabel={m.moveQuestionUp(number)}
            downLabel={m.moveQuestionDown(number)}
            removeLabel={m.removeQuestion(number)}
            canMoveUp={props.canMoveUp}
            canMoveDown={props.canMoveDown}
            canRemove
            disabled={disabled}
            onMove={props.onMove}
            onRemove={props.onRemove}
          />
        </Group>
        <TextInput
          label={m.questionLabel}
          required
          value={field.label}
          onChange={(event) => {
            const label = event.currentTarget.value;
            onChange((current) => ({ ...current, label }));
          }}
          error={errors[`${errorPath}.label`]}
          disabled={disabled}
          maxLength={500}
        />
        <Select
          label={m.questionType}
          data={typeOptions}
          value={field.type}
          onChange={(type) => {
            if (type) onChange((current) => changeFieldType(current, type));
          }}
          allowDeselect={false}
          error={errors[`${errorPath}.type`]}
          disabled={disabled}
        />
        {hasChoices(field.type) && (
          <OptionsEditor
            options={field.options}
            errors={errors}
            errorPath={`${errorPath}.options`}
            disabled={disabled}
            onChange={changeOptions}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface OptionsEditorProps {
  options: DraftOption[];
  errors: DraftErrors;
  errorPath: string;
  disabled: boolean;
  onChange: (change: (options: DraftOption[]) => DraftOption[]) => void;
}

function OptionsEditor({ options, errors, errorPath, disabled, onChange }: OptionsEditorProps) {
  const changeOption = (index: number, change: Partial<DraftOption>) =>
    onChange((current) => replaceItem(current, index, (option) => ({ ...option, ...change })));

  return (
    <Stack gap="xs" role="group" aria-label={m.options}>
      <Text size="sm" fw={500}>
        {m.options}
      </Text>
      <Text size="xs" c="dimmed">
        {m.pointsHint}
      </Text>
      {options.map((option, index) => {
        const position = index + 1;
        return (
          // On a phone the buttons go below the option (on the right), so that its text keeps room.
          <Group key={option.key} gap="xs" wrap="wrap" align="flex-start">
            <TextInput
              aria-label={m.optionLabel(position)}
              placeholder={m.optionLabel(position)}
              value={option.label}
              onChange={(event) => changeOption(index, { label: event.currentTarget.value })}
              error={errors[`${errorPath}.${index}.label`]}
              disabled={disabled}
              maxLength={200}
              style={{ flex: '1 1 150px', minWidth: 0 }}
            />
            <TextInput
              aria-label={m.optionPoints(position)}
              placeholder={m.pointsPlaceholder}
              value={option.points}
              onChange={(event) => changeOption(index, { points: maskPoints(event.currentTarget.value) })}
              error={errors[`${errorPath}.${index}.points`]}
              disabled={disabled}
              inputMode="numeric"
              autoComplete="off"
              w={76}
            />
            <Box ml="auto">
              <MoveButtons
                upLabel={m.moveOptionUp(position)}
                downLabel={m.moveOptionDown(position)}
                removeLabel={m.removeOption(position)}
                canMoveUp={index > 0}
                canMoveDown={index < options.length - 1}
                canRemove
                disabled={disabled}
                onMove={(delta) => onChange((current) => moveItem(current, index, delta))}
                onRemove={() => onChange((current) => removeItem(current, index))}
              />
            </Box>
          </Group>
        );
      })}
      <ErrorText>{errors[errorPath]}</ErrorText>
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={disabled}
          onClick={() => onChange((current) => [...current, newOption()])}
        >
          {m.addOption}
        </Button>
      </Group>
    </Stack>
  );
}

import { Radio, Stack } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AnswerRadio } from './answer-radio';

type OptionProps = { value: string; label: string; disabled?: boolean; readOnly?: boolean };

/** A question drawn with the given option component, in one of the states a questionnaire shows. */
function Question({ Option, error, disabled, readOnly }: { Option: ComponentType<OptionProps>; error?: string; disabled?: boolean; readOnly?: boolean }) {
  const [value, setValue] = useState<string | null>('1');
  return (
    <Radio.Group label="Pouco interesse" error={error} value={value} onChange={setValue}>
      <Stack gap="xs" mt="xs">
        {['Nenhuma vez', 'Vários dias', 'Mais da metade dos dias'].map((label, index) => (
          <Option key={label} value={String(index)} label={label} disabled={disabled} readOnly={readOnly} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The generated ids an element points with: numbered in order of appearance. */
const ID_ATTRIBUTES = new Set(['id', 'for', 'name', 'aria-labelledby', 'aria-describedby']);

/** An element as tags, attributes (in name order, ids numbered) and text: what the browser draws from. */
function serialize(node: Node, ids: Map<string, string>): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const number = (value: string) => value.replace(/[^\s]+/g, (id) => ids.get(id.replace(/-(label|error)$/, '')) ?? (ids.set(id, `id${ids.size}`), `id${ids.size - 1}`));
  const attributes = [...node.attributes]
    .map(({ name, value }) => `${name}="${ID_ATTRIBUTES.has(name) ? number(value) : value}"`)
    .sort()
    .join(' ');
  return `<${node.tagName.toLowerCase()} ${attributes}>${[...node.childNodes].map((child) => serialize(child, ids)).join('')}</${node.tagName.toLowerCase()}>`;
}

/** The question as drawn with the given option component. */
function drawn(Option: ComponentType<OptionProps>, state: { error?: string; disabled?: boolean; readOnly?: boolean }): string {
  const { container, unmount } = renderWithProviders(<Question Option={Option} {...state} />);
  const html = serialize(container.querySelector('.mantine-RadioGroup-root')!, new Map());
  unmount();
  return html;
}

describe('AnswerRadio', () => {
  it.each([{}, { error: 'Responda a esta pergunta.' }, { disabled: true }, { readOnly: true }])('draws what Mantine’s Radio draws (%o)', (state) => {
    expect(drawn(AnswerRadio, state)).toBe(drawn(Radio, state));
  });

  it('answers through the group, and a read-only question keeps its answer', () => {
    renderWithProviders(
      <>
        <Question Option={AnswerRadio} />
        <Question Option={AnswerRadio} readOnly />
      </>,
    );
    const [editable, readOnly] = [0, 1].map((index) => screen.getAllByRole('radiogroup')[index]!);
    const options = (group: HTMLElement) => [...group.querySelectorAll('input')];
    fireEvent.click(screen.getAllByLabelText('Mais da metade dos dias')[0]!);
    expect(options(editable!).map((input) => input.checked)).toEqual([false, false, true]);
    fireEvent.click(screen.getAllByLabelText('Nenhuma vez')[1]!);
    expect(options(readOnly!).map((input) => input.checked)).toEqual([false, true, false]);
  });
});

import { messages, type TemplateField } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AnswerInput } from './answer-input';

const timeField: TemplateField = { number: 10, label: 'Dorme às', type: 'time', options: [] };
const numberField: TemplateField = { number: 12, label: 'Horas de sono', type: 'number', options: [] };

const selectField: TemplateField = {
  number: 3,
  label: 'Estado civil',
  type: 'select',
  options: [
    { value: 'solteiro', label: 'Solteiro(a)' },
    { value: 'casado', label: 'Casado(a)' },
  ],
};

function Controlled({ field, initialValue = '' }: { field: TemplateField; initialValue?: string }) {
  const [value, setValue] = useState(initialValue);
  return <AnswerInput field={field} value={value} onChange={setValue} />;
}

function renderField(field: TemplateField): HTMLInputElement {
  render(
    <MantineProvider env="test">
      <Controlled field={field} />
    </MantineProvider>,
  );
  return screen.getByRole<HTMLInputElement>('textbox', { name: field.label });
}

/** Types one key at a time, as the browser would, each keeping what the field shows. */
function typeKeys(input: HTMLInputElement, keys: string) {
  for (const key of keys) fireEvent.change(input, { target: { value: input.value + key } });
}

// First in the file: Mantine's Select is asked for once per page.
describe('the select answer', () => {
  it("is drawn at once as the Select draws it closed, clears, and opens the Select's list as it arrives when clicked", async () => {
    render(
      <MantineProvider env="test">
        <Controlled field={selectField} initialValue="casado" />
      </MantineProvider>,
    );
    const standIn = screen.getByRole<HTMLInputElement>('textbox', { name: selectField.label });
    expect(standIn.value).toBe('Casado(a)');
    expect(standIn.readOnly).toBe(true);
    expect(standIn.placeholder).toBe(messages.common.select);
    expect(screen.queryByRole('combobox')).toBeNull();
    // The clear button the Select shows beside a chosen answer (hidden from the keyboard, as the Select's).
    fireEvent.click(standIn.parentElement!.querySelector('button')!);
    expect(standIn.value).toBe('');

    fireEvent.click(standIn);
    const select = await screen.findByRole<HTMLInputElement>('combobox', { name: selectField.label });
    expect(select.value).toBe('');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Solteiro(a)', 'Casado(a)']));
    fireEvent.click(screen.getByRole('option', { name: 'Solteiro(a)' }));
    expect(select.value).toBe('Solteiro(a)');
  });
});

describe('the time answer', () => {
  it('takes digits only and puts the colon in by itself', () => {
    const input = renderField(timeField);
    expect(input.placeholder).toBe(messages.forms.timePlaceholder);
    expect(input.maxLength).toBe(5);
    expect(input.inputMode).toBe('numeric');

    typeKeys(input, '2');
    expect(input.value).toBe('2');
    typeKeys(input, '2');
    expect(input.value).toBe('22');
    typeKeys(input, '3');
    expect(input.value).toBe('22:3');
    typeKeys(input, 'h0');
    expect(input.value).toBe('22:30');
    typeKeys(input, '9');
    expect(input.value).toBe('22:30');
  });

  it('loses the colon again when the minutes are erased', () => {
    const input = renderField(timeField);
    fireEvent.change(input, { target: { value: '07:3' } });
    fireEvent.change(input, { target: { value: '07:' } });
    expect(input.value).toBe('07');
  });

  it('reformats a pasted time', () => {
    const input = renderField(timeField);
    fireEvent.change(input, { target: { value: '07:45' } });
    expect(input.value).toBe('07:45');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: '7h45min' } });
    expect(input.value).toBe('74:5');
  });

  it('says as it is typed that hours go to 23 and minutes to 59', () => {
    const input = renderField(timeField);
    typeKeys(input, '99');
    expect(input.value).toBe('99');
    expect(screen.getByText(messages.validation.timeRange)).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '' } });
    typeKeys(input, '23');
    expect(screen.queryByText(messages.validation.timeRange)).toBeNull();
    typeKeys(input, '6');
    expect(screen.getByText(messages.validation.timeRange)).toBeDefined();
    fireEvent.change(input, { target: { value: '23:5' } });
    typeKeys(input, '9');
    expect(input.value).toBe('23:59');
    expect(screen.queryByText(messages.validation.timeRange)).toBeNull();
  });
});

describe('the question label', () => {
  it('shows the question number, which a message may name, and keeps the text as the field name', () => {
    const input = renderField(numberField);
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label?.textContent).toMatch(/^12\. Horas de sono/);
    expect(label?.querySelector('[aria-hidden="true"]')?.textContent).toBe('12. ');
  });
});

describe('the number answer', () => {
  it('keeps only what makes a number', () => {
    const input = renderField(numberField);
    expect(input.inputMode).toBe('decimal');
    fireEvent.change(input, { target: { value: '7,5h' } });
    expect(input.value).toBe('7,5');
  });
});

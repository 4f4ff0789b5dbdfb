import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { intentLoad } from './after-paint';
import { StandInSlot } from './stand-in-slot';
import * as toasts from './toasts';

/** A chunk that fails while `isOffline` and then comes: the control it holds is a named text box. */
function flakyChunk() {
  const state = { isOffline: true, loads: 0 };
  const load = async () => {
    state.loads += 1;
    if (state.isOffline) throw new TypeError('Failed to fetch dynamically imported module');
    return { Field: ({ takesFocus }: { takesFocus: boolean }) => <input aria-label="Campo" data-takes-focus={takesFocus} /> };
  };
  return { state, field: intentLoad(load, (module) => module.Field) };
}

function Form({ field }: { field: ReturnType<typeof flakyChunk>['field'] }) {
  const [description, setDescription] = useState('');
  const { isWanted, handOver, handlers } = field.useStandIn();
  return (
    <form>
      <input aria-label="Descrição" value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      <StandInSlot isWanted={isWanted} standIn={<button type="button" aria-label="Campo (carregando)" {...handlers} />}>
        <field.Control takesFocus={handOver.takesFocus} />
      </StandInSlot>
    </form>
  );
}

describe('StandInSlot', () => {
  it('keeps the stand-in and the rest of the form when the chunk does not come, and asks again at the next reach', async () => {
    const toastError = vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { state, field } = flakyChunk();
    render(<Form field={field} />);
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Supervisão clínica' } });

    const standIn = screen.getByRole('button', { name: 'Campo (carregando)' });
    act(() => standIn.focus());
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Não foi possível carregar este campo. Verifique a conexão e tente de novo.', { id: 'control-load-failure' }));
    expect(screen.getByRole('button', { name: 'Campo (carregando)' })).toBe(standIn);
    expect(document.activeElement).toBe(standIn);
    expect(screen.getByLabelText<HTMLInputElement>('Descrição').value).toBe('Supervisão clínica');

    state.isOffline = false;
    fireEvent.click(standIn);
    expect(await screen.findByRole('textbox', { name: 'Campo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Campo (carregando)' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Descrição').value).toBe('Supervisão clínica');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(state.loads).toBeGreaterThanOrEqual(2);
  });
});

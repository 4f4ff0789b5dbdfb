import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

function Labelled({ staticId, renders }: { staticId?: string; renders: string[] }) {
  const id = useId(staticId);
  renders.push(id);
  return (
    <>
      <label htmlFor={id}>Nome</label>
      <input id={id} />
    </>
  );
}

describe('useId (Mantine in the web build)', () => {
  it('gives each component its own id, usable in a selector, on the first render and keeps it', () => {
    const first: string[] = [];
    const second: string[] = [];
    const { rerender } = render(
      <>
        <Labelled renders={first} />
        <Labelled renders={second} />
      </>,
    );
    rerender(
      <>
        <Labelled renders={first} />
        <Labelled renders={second} />
      </>,
    );

    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(1);
    expect(first[0]).toMatch(/^mantine-[\w-]+$/);
    expect(first[0]).not.toBe(second[0]);
    expect(document.querySelector(`#${first[0]}`)).toBe(screen.getAllByLabelText('Nome')[0]);
  });

  it('mounts without drawing the component a second time', () => {
    const renders: string[] = [];
    render(<Labelled renders={renders} />);

    expect(renders).toHaveLength(1);
  });

  it('returns the id a component was given', () => {
    const renders: string[] = [];
    render(<Labelled staticId="paciente-nome" renders={renders} />);

    expect(screen.getByLabelText('Nome').id).toBe('paciente-nome');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawnCard } from './drawn-card';

interface Item {
  id: string;
  name: string;
}

describe('DrawnCard', () => {
  it('draws a card again when its item changes, not when the list draws again with new handlers', () => {
    const draws: string[] = [];
    const grid = (items: Item[]) =>
      items.map((item) => (
        <DrawnCard
          key={item.id}
          item={item}
          renderCard={(shown: Item) => {
            draws.push(shown.name);
            return <p>{shown.name}</p>;
          }}
        />
      ));
    const ana = { id: '1', name: 'Ana' };
    const bruno = { id: '2', name: 'Bruno' };
    const carla = { id: '3', name: 'Carla' };
    const { rerender } = render(<>{grid([ana, bruno])}</>);
    rerender(<>{grid([ana, bruno, carla])}</>);
    rerender(<>{grid([ana, { ...bruno, name: 'Bruno Reis' }, carla])}</>);
    expect(draws).toEqual(['Ana', 'Bruno', 'Carla', 'Bruno Reis']);
    expect(screen.getByText('Bruno Reis')).toBeTruthy();
  });
});

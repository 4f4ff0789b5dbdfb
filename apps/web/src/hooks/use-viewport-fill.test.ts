import { describe, expect, it } from 'vitest';
import { fillHeight } from './use-viewport-fill';

describe('fillHeight', () => {
  it('reaches the bottom of the viewport less the gap, never under the minimum', () => {
    expect(fillHeight(300, 320, 32)).toBe('max(320px, calc(100dvh - 332px))');
    expect(fillHeight(-10.4, 200, 0)).toBe('max(200px, calc(100dvh - 0px))');
  });
});

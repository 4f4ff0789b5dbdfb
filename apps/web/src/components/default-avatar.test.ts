import { describe, expect, it } from 'vitest';
import femaleAvatarUrl from '../assets/avatar-female.svg';
import maleAvatarUrl from '../assets/avatar-male.svg';
import { defaultAvatarSrc } from './default-avatar';

describe('defaultAvatarSrc', () => {
  it('uses the female picture for female and the male one otherwise, a blank gender included', () => {
    expect(femaleAvatarUrl).not.toBe(maleAvatarUrl);
    expect(defaultAvatarSrc('female')).toBe(femaleAvatarUrl);
    expect(defaultAvatarSrc('male')).toBe(maleAvatarUrl);
    expect(defaultAvatarSrc(null)).toBe(maleAvatarUrl);
    expect(defaultAvatarSrc(undefined)).toBe(maleAvatarUrl);
  });

  it("shows no picture (the initials) for 'Outro' and 'Prefiro não informar'", () => {
    expect(defaultAvatarSrc('other')).toBeNull();
    expect(defaultAvatarSrc('undisclosed')).toBeNull();
  });
});

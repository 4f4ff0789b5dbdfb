import { describe, expect, it } from 'vitest';
import { mailtoLink } from './mailto';

describe('mailtoLink', () => {
  it('fills the subject line, encoded', () => {
    expect(mailtoLink('suporte@example.com', 'Suporte técnico e treinamento')).toBe(
      'mailto:suporte@example.com?subject=Suporte%20t%C3%A9cnico%20e%20treinamento',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { estimateTokens, fitToContext, outputReserve } from '../src/platform/ai/context-budget';

const words = (tag: string, count: number) => `${tag} ${'palavra '.repeat(count)}`;

describe('fitToContext', () => {
  it('keeps a history that fits as it is', () => {
    const request = { instructions: 'Seja breve.', messages: [{ role: 'user' as const, content: 'Olá' }, { role: 'assistant' as const, content: 'Oi' }] };
    expect(fitToContext(request, 8192)).toEqual(request);
  });

  it('drops the oldest turns first and always keeps the instructions and the newest message', () => {
    const instructions = words('INSTRUÇÕES', 200);
    const messages = ['A', 'B', 'C', 'D'].map((tag, index) => ({ role: index % 2 ? ('assistant' as const) : ('user' as const), content: words(tag, 1000) }));
    const fitted = fitToContext({ instructions, messages }, 8192);
    expect(fitted.instructions).toBe(instructions);
    expect(fitted.messages.map((message) => message.content[0])).toEqual(['C', 'D']);
    const used = estimateTokens(instructions) + fitted.messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
    expect(used).toBeLessThanOrEqual(8192 - outputReserve(8192));
  });

  it('cuts the end of a newest message too long on its own, saying so', () => {
    const fitted = fitToContext({ instructions: 'x', messages: [{ role: 'user', content: words('LONGA', 20_000) }] }, 4096);
    expect(fitted.messages).toHaveLength(1);
    expect(fitted.messages[0]!.content.startsWith('LONGA palavra')).toBe(true);
    expect(fitted.messages[0]!.content).toContain('texto cortado');
    expect(estimateTokens(fitted.messages[0]!.content)).toBeLessThanOrEqual(4096 - outputReserve(4096));
  });
});

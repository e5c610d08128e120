import { describe, expect, it } from 'vitest';
import { mentionsBusiness, shouldShowCreateAssistant } from './onboarding-chat';

const long = 'We manage 40 rental units in Lisbon and answer questions from every tenant.'; // 76 chars

describe('shouldShowCreateAssistant', () => {
  it.each([
    { name: 'empty', context: '', userMessageCount: 0, expected: false },
    { name: 'short business text, one message', context: 'My business', userMessageCount: 1, expected: false },
    { name: 'long business text, one message', context: long, userMessageCount: 1, expected: true },
    { name: 'short business text, two messages', context: 'hi\nmy company', userMessageCount: 2, expected: true },
    {
      name: 'two messages without business words',
      context: 'hello\nhow are you',
      userMessageCount: 2,
      expected: false,
    },
    {
      name: 'long text without business words',
      context: 'The weather today is lovely and I would like to go for a long walk outside.',
      userMessageCount: 1,
      expected: false,
    },
    {
      name: 'exactly 50 chars, one message',
      context: `${'x'.repeat(41)} property`,
      userMessageCount: 1,
      expected: false,
    },
    { name: '51 chars, one message', context: `${'x'.repeat(42)} property`, userMessageCount: 1, expected: true },
  ])('$name → $expected', ({ context, userMessageCount, expected }) => {
    expect(shouldShowCreateAssistant({ context, userMessageCount })).toBe(expected);
  });
});

describe('mentionsBusiness', () => {
  it.each([
    ['Our CUSTOMERS love us', true],
    ['we offer services', true],
    ['businesslike', false],
    ['nothing here', false],
  ])('%s → %s', (text, expected) => {
    expect(mentionsBusiness(text)).toBe(expected);
  });
});

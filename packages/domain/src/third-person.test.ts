import { describe, expect, it } from 'vitest';
import { thirdPersonFragment, toThirdPerson } from './third-person';

describe('toThirdPerson', () => {
  it('turns our/my into its and we/I into it with the verb agreeing', () => {
    expect(toThirdPerson('Residents renting our units')).toBe('Residents renting its units');
    expect(toThirdPerson('We manage 40 homes and we also rent garages.')).toBe(
      'It manages 40 homes and it also rents garages.',
    );
    expect(toThirdPerson('We are a family firm. We have two offices; I do the books.')).toBe(
      'It is a family firm. It has two offices; it does the books.',
    );
    expect(toThirdPerson("We're open late and we've got parking")).toBe('It is open late and it has got parking');
    expect(toThirdPerson('we fix leaks, we carry tools and we wash windows')).toBe(
      'it fixes leaks, it carries tools and it washes windows',
    );
  });

  it('leaves past tense, modals, non-verbs and the country alone', () => {
    expect(toThirdPerson('we started in 2010 and we can help')).toBe('it started in 2010 and it can help');
    expect(toThirdPerson('Families who contact us about our homes')).toBe('Families who contact it about its homes');
    expect(toThirdPerson('we and our partners across the US')).toBe('it and its partners across the US');
    expect(toThirdPerson('Students and young professionals')).toBe('Students and young professionals');
  });
});

describe('thirdPersonFragment', () => {
  it('reads inside a sentence: lower-case start unless the word is a known name or an acronym', () => {
    expect(thirdPersonFragment('Residents renting our units in Columbus', ['Harbor Homes', 'Columbus, Ohio'])).toBe(
      'residents renting its units in Columbus',
    );
    expect(thirdPersonFragment('Columbus families looking for our rentals', ['Columbus, Ohio'])).toBe(
      'Columbus families looking for its rentals',
    );
    expect(thirdPersonFragment('HOA boards and landlords')).toBe('HOA boards and landlords');
    expect(thirdPersonFragment('  We help tenants find homes  ')).toBe('it helps tenants find homes');
  });
});

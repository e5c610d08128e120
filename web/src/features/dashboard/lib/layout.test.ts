import type { DashboardCardPref } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { businessNameOf, moveCard, toggleCard, welcomeText } from './layout';

const cards: DashboardCardPref[] = [
  { id: 'kpis', visible: true },
  { id: 'tasks', visible: true },
  { id: 'knowledge', visible: false },
];

describe('dashboard layout helpers', () => {
  it('moves a card up or down and ignores moves past either end', () => {
    expect(moveCard(cards, 1, -1).map((c) => c.id)).toEqual(['tasks', 'kpis', 'knowledge']);
    expect(moveCard(cards, 1, 1).map((c) => c.id)).toEqual(['kpis', 'knowledge', 'tasks']);
    expect(moveCard(cards, 0, -1).map((c) => c.id)).toEqual(['kpis', 'tasks', 'knowledge']);
    expect(moveCard(cards, 2, 1).map((c) => c.id)).toEqual(['kpis', 'tasks', 'knowledge']);
  });

  it('toggles only the named card', () => {
    expect(toggleCard(cards, 'knowledge')).toEqual([
      { id: 'kpis', visible: true },
      { id: 'tasks', visible: true },
      { id: 'knowledge', visible: true },
    ]);
  });

  it('writes the welcome line from the business name, falling back to "Welcome!"', () => {
    const profile = (business_name?: string, officialName?: string) => ({
      essential_info: { business_name },
      business_data: { officialName },
    });
    expect(welcomeText(businessNameOf(profile('Harbor Rentals')))).toBe('Welcome, Harbor Rentals!');
    expect(welcomeText(businessNameOf(profile('  ', 'Harbor LLC')))).toBe('Welcome, Harbor LLC!');
    expect(welcomeText(businessNameOf(profile()))).toBe('Welcome!');
    expect(welcomeText(businessNameOf(null))).toBe('Welcome!');
  });
});

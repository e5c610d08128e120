import type {
  BusinessData,
  BusinessSummaryJson,
  EssentialInfo,
  OnboardingData,
  OnboardingProgress,
} from '@helixis/contract';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0007_profile_onboarding.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const businessProfiles = pgTable(
  'business_profiles',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessDescription: text('business_description'),
    businessData: jsonb('business_data').$type<BusinessData>().notNull().default({}),
    essentialInfo: jsonb('essential_info').$type<EssentialInfo>().notNull().default({}),
    onboardingData: jsonb('onboarding_data').$type<OnboardingData>().notNull().default({}),
    onboardingProgress: jsonb('onboarding_progress')
      .$type<OnboardingProgress>()
      .notNull()
      .default({ currentRound: 1, rounds: [] }),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    sessionId: text('session_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('business_profiles_user_key').on(t.workspaceId, t.userId),
    index('business_profiles_recent_idx').on(t.workspaceId, t.updatedAt.desc()),
  ],
);

export const businessSummaries = pgTable(
  'business_profiles_v3',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    summaryJson: jsonb('summary_json').$type<BusinessSummaryJson>().notNull(),
    lastRefreshedAt: ts('last_refreshed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId] })],
);

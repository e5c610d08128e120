/** Cache keys of server state, shared by the feature queries and the realtime invalidation map. */
export const queryKeys = {
  me: ['me'],
  assistants: ['assistants'],
  jobs: ['jobs'],
  /** The workspace's documents (list and single documents share this prefix). */
  documents: ['documents'],
  /** Facts and what derives from them (profile, suggestions, search) share this prefix. */
  facts: ['facts'],
  /** Property-management connections, KPIs and their history share this prefix. */
  integrations: ['integrations'],
  /** The caller's business profile. */
  businessProfile: ['business-profile'],
  /** Onboarding rounds, the onboarding summary and the business summary share this prefix. */
  onboarding: ['onboarding'],
  /** The caller's chat threads and each thread's messages share this prefix. */
  threads: ['threads'],
  /** The workspace's tasks for humans (every filter shares this prefix). */
  tasks: ['tasks'],
  /** The workspace's members and open invitations. */
  team: ['team'],
  /** The public widget's id (the Deploy snippet); making a document public refreshes it. */
  widget: ['dashboard', 'widget'],
} as const;

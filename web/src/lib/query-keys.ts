/** Cache keys of server state, shared by the feature queries and the realtime invalidation map. */
export const queryKeys = {
  me: ['me'],
  assistants: ['assistants'],
  jobs: ['jobs'],
} as const;

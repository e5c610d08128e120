// Loaded on demand by realtime.ts: the socket's message schema, with the zod it needs.
export { RealtimeMessage } from '@helixis/contract';

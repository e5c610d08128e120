import {
  ANONYMOUS_DEMO_MESSAGES,
  DEMO_CHAT_IP_LIMIT,
  DEMO_CHAT_IP_WINDOW_SECONDS,
  type DemoChatInput,
  type DemoChatOutput,
} from '@helixis/contract';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { type DemoTopic, demoTopics, fallbackTopic } from './demo.knowledge';

export interface DemoContext {
  limiter: RateLimiter;
  client: { ip: string };
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

/** The topic sharing the most keywords with the message; earlier topics win ties; the fallback when none match. */
export function pickTopic(message: string): DemoTopic {
  const lower = message.toLowerCase();
  const tokens = words(message);
  let best: DemoTopic = fallbackTopic;
  let bestScore = 0;
  for (const topic of demoTopics) {
    let score = 0;
    for (const keyword of topic.keywords) {
      const hit = keyword.includes(' ') ? lower.includes(keyword) : tokens.has(keyword);
      // A phrase says more than a single word.
      if (hit) score += (keyword.includes(' ') ? 2 : 1) * (topic.weight ?? 1);
    }
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Answers one message of an anonymous visitor's demo (2 messages, then the sign-up prompt).
 * The visitor's own count is checked from the history it sends; the per-address limit is the real cap.
 */
export async function answerDemoMessage({
  ctx,
  input,
}: {
  ctx: DemoContext;
  input: DemoChatInput;
}): Promise<DemoChatOutput> {
  const sent = input.history.filter((turn) => turn.role === 'user').length;
  if (sent >= ANONYMOUS_DEMO_MESSAGES) throw new AppError('demo_limit_reached');
  const quota = await ctx.limiter.consume(`demo-chat:${ctx.client.ip}`, {
    limit: DEMO_CHAT_IP_LIMIT,
    windowSeconds: DEMO_CHAT_IP_WINDOW_SECONDS,
  });
  if (!quota.allowed) {
    throw new AppError('rate_limited', { headers: { 'Retry-After': String(quota.retryAfterSeconds) } });
  }
  const topic = pickTopic(input.message);
  return {
    reply: topic.answer,
    topic: topic.id,
    remaining: ANONYMOUS_DEMO_MESSAGES - sent - 1,
    suggestions: [...topic.suggestions],
  };
}

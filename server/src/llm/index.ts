import type { Config } from '../config';
import { createOfflineProvider } from './offline-provider';
import { createOpenAICompatibleProvider } from './openai-provider';
import type { ChatProvider } from './provider';

export type ProviderChoice = 'auto' | 'offline' | 'openai-compatible';

/** True when an OpenAI-compatible endpoint is configured (HELIXIS_LLM_BASE_URL and HELIXIS_LLM_MODEL). */
export function hasModelEndpoint(config: Config): boolean {
  return Boolean(config.llm.baseUrl && config.llm.model);
}

/** The configured provider: the model endpoint when set, else the offline assistant. */
export function selectProvider(config: Config, choice: ProviderChoice = 'auto'): ChatProvider {
  const wantModel = choice === 'openai-compatible' || (choice === 'auto' && hasModelEndpoint(config));
  if (wantModel && config.llm.baseUrl && config.llm.model) {
    return createOpenAICompatibleProvider({
      baseUrl: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
      model: config.llm.model,
    });
  }
  return createOfflineProvider();
}

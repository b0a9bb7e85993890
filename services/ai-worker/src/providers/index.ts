import type { AiProviderName, WorkerEnv } from '../config/env';
import { createOllamaProvider } from './ollama.provider';
import { createOpenAiProvider } from './openai.provider';
import type { StructureProvider } from './provider';
import { rulesProvider } from './rules.provider';

export type { StructureProvider, StructureRequest } from './provider';
export { rulesProvider } from './rules.provider';

/** The registry (docs/development.md convention 9): one factory per AI_PROVIDER value. */
export const PROVIDERS: Record<AiProviderName, (env: WorkerEnv) => StructureProvider> = {
  rules: () => rulesProvider,
  ollama: (env) => createOllamaProvider({ url: env.OLLAMA_URL, model: env.OLLAMA_MODEL }),
  openai: (env) =>
    createOpenAiProvider({ apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL, baseUrl: env.OPENAI_BASE_URL, timeoutMs: env.AI_TIMEOUT_MS }),
};

/** The provider AI_PROVIDER names. */
export function createProvider(env: WorkerEnv): StructureProvider {
  return PROVIDERS[env.AI_PROVIDER](env);
}

import OpenAI from 'openai';
import { buildStructureTaskPrompt } from '../prompts/structure-task.prompt';
import { modelAnswerJsonSchema } from './model-output';
import type { StructureProvider } from './provider';

export interface OpenAiProviderOptions {
  /** OPENAI_API_KEY; a compatible server at OPENAI_BASE_URL may need none. */
  apiKey?: string | undefined;
  /** OPENAI_MODEL */
  model: string;
  /** OPENAI_BASE_URL: any OpenAI-compatible server (vLLM, LM Studio, llama.cpp server, …). */
  baseUrl?: string | undefined;
  /** AI_TIMEOUT_MS: the SDK's own request timeout (the worker's abort signal applies too). */
  timeoutMs: number;
}

/**
 * `AI_PROVIDER=openai`: the `openai` package with a strict JSON-schema response format. No SDK retries:
 * a failed call falls back to the rules at once instead of keeping the user waiting.
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): StructureProvider {
  const schema = modelAnswerJsonSchema();
  const client = new OpenAI({
    apiKey: options.apiKey || 'not-needed',
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
  return {
    name: 'openai',
    async structure(request, { signal, draft }) {
      const prompt = buildStructureTaskPrompt(request, draft);
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          temperature: 0,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'structured_task', strict: true, schema } },
        },
        { signal },
      );
      const message = completion.choices?.[0]?.message;
      if (message?.refusal) throw new Error(`model refused: ${message.refusal}`);
      return message?.content ?? '';
    },
  };
}

import { Ollama } from 'ollama';
import { buildStructureTaskPrompt } from '../prompts/structure-task.prompt';
import { modelAnswerJsonSchema } from './model-output';
import type { StructureProvider } from './provider';

export interface OllamaProviderOptions {
  /** OLLAMA_URL, e.g. http://ollama:11434 */
  url: string;
  /** OLLAMA_MODEL, e.g. llama3.2:3b */
  model: string;
}

/** Combines the caller's abort signal with the one a library passes (if any). */
function withSignal(signal: AbortSignal): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
}

/**
 * `AI_PROVIDER=ollama`: a local model through the `ollama` package, structured output via `format` with
 * the JSON Schema of the answer (a grammar the server enforces). Returns the model's text.
 */
export function createOllamaProvider(options: OllamaProviderOptions): StructureProvider {
  const format = modelAnswerJsonSchema();
  return {
    name: 'ollama',
    async structure(request, { signal, draft }) {
      const client = new Ollama({ host: options.url, fetch: withSignal(signal) });
      const prompt = buildStructureTaskPrompt(request, draft);
      const response = await client.chat({
        model: options.model,
        stream: false,
        format,
        options: { temperature: 0 },
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
      });
      return response.message?.content ?? '';
    },
  };
}

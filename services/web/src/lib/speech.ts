/**
 * Speech recognition (spec §9: continuous, interim results, en-US), where the browser has it.
 * The Web Speech API is not in TypeScript's DOM types, so the little we use is declared here.
 */

export interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

export interface SpeechRecognizer {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognizerConstructor = new () => SpeechRecognizer;

function recognizerConstructor(): RecognizerConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognizerConstructor; webkitSpeechRecognition?: RecognizerConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const isSpeechRecognitionSupported = () => recognizerConstructor() !== null;

/** A recognizer set up as the spec asks, or null where speech recognition is unavailable. */
export function createSpeechRecognizer(): SpeechRecognizer | null {
  const Recognizer = recognizerConstructor();
  if (!Recognizer) return null;
  const recognizer = new Recognizer();
  recognizer.continuous = true;
  recognizer.interimResults = true;
  recognizer.lang = 'en-US';
  return recognizer;
}

/** The whole transcript so far (final and interim parts) of a result event. */
export function transcriptOf(event: SpeechResultEvent): string {
  let text = '';
  for (let i = 0; i < event.results.length; i += 1) {
    const result = event.results[i];
    if (result && result[0]) text += result[0].transcript;
  }
  return text.trim();
}

import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import CircularProgress from '@mui/material/CircularProgress';
import MicDrawing from '@mui/icons-material/Mic';
import StopDrawing from '@mui/icons-material/Stop';
import SendDrawing from '@mui/icons-material/ArrowUpward';
import type { Task } from '@daybook/shared';
import type { CaptureContext, Piece } from '@daybook/nl';
import { useSignedInUser } from '../../api/authApi';
import { useGetCaptureContextQuery } from '../../api/captureApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useGetTimeIncrementsQuery } from '../../api/timeIncrementsApi';
import type { AppDispatch } from '../../app/store';
import { plainIcon } from '../../components/icons/plainIcon';
import { reportFailure } from '../../lib/feedback';
import { createSpeechRecognizer, isSpeechRecognitionSupported, transcriptOf, type SpeechRecognizer } from '../../lib/speech';
import { toast, type ToastAction } from '../../lib/toast';
import { useNow } from '../../lib/useNow';
import { vibrate } from '../../lib/vibrate';
import { EMPTY_CAPTURE, type CaptureState } from './captureState';
import { HighlightedTextarea } from './HighlightedTextarea';
import type { SaveOutcome } from './saveCapture';
import type { ProposalChange } from './proposals';
import { useCaptureEngine } from './useCaptureEngine';

const INPUT_MAX = 2000;

const NO_HABITS: never[] = [];
// Plain <svg>s and buttons (styles/today.css): the bar is on the dashboard's first paint.
const MicIcon = plainIcon(MicDrawing);
const StopIcon = plainIcon(StopDrawing);
const SendIcon = plainIcon(SendDrawing);
export interface CaptureBoxProps {
  /**
   * The tasks just created (not when they wait offline): the screen shows them and may say in the
   * success toast where they went, with an action ('Show', 'Open task').
   */
  onCreated?: (tasks: readonly Task[]) => { description?: string; action?: ToastAction } | undefined;
  /** Shown in the bar before the text (a badge). */
  leading?: ReactNode;
  /** A line of help under the bar while the empty box has focus, until the first capture. */
  hint?: ReactNode;
}

/**
 * The capture box (spec §2 natural-language entry; DECISIONS 26–28): as the user types, the structurer
 * runs in the page (its engine loads on first focus or when the dashboard is idle) and the preview shows
 * what it understood, highlighted in the text and as chips below; Enter saves exactly that, online or
 * offline. With a model configured, Enter first shows what the model read differently, and a second
 * Enter saves. Voice entry fills the same box.
 */
export function CaptureBox({ onCreated, leading, hint }: CaptureBoxProps) {
  const dispatch = useDispatch<AppDispatch>();
  const user = useSignedInUser();
  const now = useNow();
  const clients = useGetClientsQuery();
  const { engine, load } = useCaptureEngine();
  // The structurer's own reads go out with its code (on focus, touch or when the dashboard is idle), not
  // with the dashboard's first paint.
  const increments = useGetTimeIncrementsQuery(undefined, { skip: !engine });
  // Without it (never read on this device, or an older api) there is no model review and no habits.
  const captureContext = useGetCaptureContextQuery(undefined, { skip: !engine });
  const [state, setState] = useState<CaptureState>(EMPTY_CAPTURE);
  const [busy, setBusy] = useState(false);
  const [creatingClient, setCreatingClient] = useState<string | null>(null);
  const [listening, setListening] = useState(false);
  const [flash, setFlash] = useState(false);
  // The box keeps the focus after a capture, for the next one: the hint (floating over the tabs) has done its job by then.
  const [captured, setCaptured] = useState(false);
  const recognizer = useRef<SpeechRecognizer | null>(null);
  const speechSupported = useMemo(() => isSpeechRecognitionSupported(), []);
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const habits = captureContext.data?.habits ?? NO_HABITS;

  const context = useMemo<CaptureContext>(
    () => ({
      now,
      timezone: timeZone,
      clients: (clients.data ?? []).map((client) => ({ id: client.id, name: client.name, aliases: client.aliases })),
      timeIncrements: (increments.data ?? []).map(({ label, value }) => ({ label, value })),
      habits,
    }),
    [now, timeZone, clients.data, increments.data, habits],
  );

  // The structurer runs while rendering the keystroke's update: the highlights and chips change in the same frame.
  const shown = useMemo(
    () => (engine ? engine.presentProposals(engine.structure(state.text, context, state.kept), state.edits, state.review) : []),
    [engine, state, context],
  );
  const layer = useMemo(() => {
    if (!engine) return state.text;
    const colorOf = (id: string) => clients.data?.find((client) => client.id === id)?.color;
    return engine.paintHighlights(state.text, engine.highlightsOf(shown, colorOf));
  }, [engine, state.text, shown, clients.data]);
  const blank = state.text.trim() === '';

  useEffect(() => () => recognizer.current?.stop(), []);
  // Once loaded, the engine runs once while the page is idle, before the first keystroke needs it.
  const warmedUp = useRef(false);
  useEffect(() => {
    if (!engine || warmedUp.current || !clients.data) return;
    warmedUp.current = true;
    const run = () => engine.warmUp(context);
    if (window.requestIdleCallback) window.requestIdleCallback(run, { timeout: 1_000 });
    else setTimeout(run, 0);
  }, [engine, context, clients.data]);

  // Handlers kept across renders (voice results, memoised buttons) read the latest of these.
  const latest = useRef({ engine, text: state.text });
  latest.current = { engine, text: state.text };

  // Before the engine has loaded there is only text (kept ranges and edits come from its preview).
  const setText = useCallback((text: string) => {
    const loaded = latest.current.engine;
    setState((current) => (loaded ? loaded.withText(current, text) : { ...current, text }));
  }, []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || busy) return;
    recognizer.current?.stop();
    setBusy(true);
    let outcome: SaveOutcome;
    try {
      const loaded = engine ?? (await load());
      if (loaded) outcome = await loaded.saveCapture(dispatch, state, { context, modelReview: captureContext.data?.modelReview === true });
      else {
        // Its file could not be loaded (a new version replaced it while offline): nothing was sent.
        reportFailure(new Error('capture engine unavailable'), 'Failed to create task', { vibrate: true });
        outcome = { kind: 'not-saved' };
      }
    } finally {
      setBusy(false);
    }
    if (outcome.kind === 'reviewed') {
      const { review } = outcome;
      setState((current) => (current.text === review.text ? { ...current, review } : current));
      return;
    }
    if (outcome.kind !== 'saved') return;
    setState(EMPTY_CAPTURE);
    setCaptured(true);
    setFlash(true);
    vibrate('success');
    const several = outcome.count > 1;
    const notice = outcome.tasks ? onCreated?.(outcome.tasks) : undefined;
    toast({
      title: several ? `${outcome.count} tasks created` : 'Task created',
      description: !outcome.tasks
        ? "Saved on this device: it will sync when you're back online"
        : (notice?.description ?? (several ? 'Your tasks have been created successfully from your description' : 'Your task has been created successfully from your description')),
      variant: 'success',
      action: notice?.action,
    });
  };

  const submitLatest = useRef(submit);
  submitLatest.current = submit;
  const saveReviewed = useCallback(() => void submitLatest.current(), []);

  const createClient = useCallback(
    async (name: string) => {
      if (!engine) return;
      setCreatingClient(name);
      await engine.createNamedClient(dispatch, name);
      setCreatingClient(null);
    },
    [engine, dispatch],
  );
  const giveBack = useCallback((pieces: readonly Piece[]) => engine && setState((current) => engine.withKeptAsText(current, pieces)), [engine]);
  const changeProposal = useCallback((anchor: number, change: ProposalChange) => engine && setState((current) => engine.withProposalChange(current, anchor, change)), [engine]);
  const chipContext = useMemo(() => ({ now, timeZone, clients: clients.data ?? [], timeIncrements: increments.data ?? [] }), [now, timeZone, clients.data, increments.data]);

  const toggleListening = () => {
    if (listening) {
      recognizer.current?.stop();
      return;
    }
    const next = createSpeechRecognizer();
    if (!next) return;
    void load();
    const before = latest.current.text.trim();
    next.onresult = (event) => setText([before, transcriptOf(event)].filter(Boolean).join(' '));
    next.onerror = () => {
      setListening(false);
      vibrate('error');
      toast({ title: 'Voice recognition error', description: 'Please try again or check your microphone permissions.', variant: 'destructive' });
    };
    next.onend = () => setListening(false);
    recognizer.current = next;
    try {
      next.start();
      setListening(true);
      vibrate('light');
    } catch {
      setListening(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  // The buttons change with listening, busy and blank only: not rendered again on every keystroke.
  const toggleLatest = useRef(toggleListening);
  toggleLatest.current = toggleListening;
  const micButton = useMemo(
    () =>
      speechSupported && (
        <button
          type="button"
          className="db-capture-button"
          title={listening ? 'Stop listening' : 'Speak your task'}
          aria-label={listening ? 'Stop voice input' : 'Start voice input'}
          aria-pressed={listening}
          onClick={() => toggleLatest.current()}
          disabled={busy}
        >
          {listening ? <StopIcon /> : <MicIcon />}
        </button>
      ),
    [speechSupported, listening, busy],
  );
  const submitButton = useMemo(
    () => (
      <button type="submit" className="db-capture-button" aria-label="Create task from description" disabled={blank || busy}>
        {busy ? <CircularProgress size={20} color="inherit" aria-label="Creating task" /> : <SendIcon />}
      </button>
    ),
    [blank, busy],
  );

  return (
    <div
      className="db-capture"
      data-testid="capture-box"
      data-engine={engine ? 'ready' : 'loading'}
      data-expanded={blank ? 'false' : 'true'}
      onPointerEnter={() => void load()}
      onPointerDown={() => void load()}
    >
      <form
        className="db-capture-form"
        onSubmit={submit}
        data-testid="nl-box"
        data-flash={flash ? 'true' : 'false'}
        data-listening={listening ? 'true' : 'false'}
        onAnimationEnd={(event) => {
          if (event.animationName === 'nl-flash') setFlash(false);
        }}
      >
        {leading}
        <HighlightedTextarea
          value={state.text}
          layer={layer}
          onChange={setText}
          onKeyDown={onKeyDown}
          onFocus={() => void load()}
          placeholder={listening ? 'Listening for your task...' : 'Describe your task naturally...'}
          readOnly={busy}
          ariaLabel="Describe your task"
          maxLength={INPUT_MAX}
        />
        {micButton}
        {submitButton}
      </form>
      {hint && !captured && (
        <div data-capture-hint className="db-capture-hint" data-testid="capture-bar-hint">
          {hint}
        </div>
      )}

      {engine && shown.length > 0 && (
        <engine.CapturePreview
          shown={shown}
          context={chipContext}
          onGiveBack={giveBack}
          onChange={changeProposal}
          onCreateClient={createClient}
          creatingClient={creatingClient}
          reviewed={state.review !== null}
          onSave={saveReviewed}
          busy={busy}
        />
      )}
    </div>
  );
}

import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import SendIcon from '@mui/icons-material/ArrowUpward';
import { AI_MAX_CLIENTS, AI_MAX_TIME_INCREMENTS, findClientByName, taskFromStructured, type Task } from '@daybook/shared';
import { useStructureTaskMutation } from '../../api/aiApi';
import { refusalMessage } from '../../api/apiError';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useCreateTaskMutation } from '../../api/tasksApi';
import { useGetTimeIncrementsQuery } from '../../api/timeIncrementsApi';
import { createSpeechRecognizer, isSpeechRecognitionSupported, transcriptOf, type SpeechRecognizer } from '../../lib/speech';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';

/**
 * Natural-language entry (spec §2, §4, §7; DECISIONS 17): the text is structured by the api, then
 * created as a task with its client, date, time, priority, estimate and recurrence. Voice input where the
 * browser has speech recognition.
 */
export function NaturalLanguageBox({ onOpenTask }: { onOpenTask: (task: Task) => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [listening, setListening] = useState(false);
  const [flash, setFlash] = useState(false);
  const recognizer = useRef<SpeechRecognizer | null>(null);
  const speechSupported = useMemo(() => isSpeechRecognitionSupported(), []);
  const clients = useGetClientsQuery();
  const increments = useGetTimeIncrementsQuery();
  const [structureTask] = useStructureTaskMutation();
  const [createTask] = useCreateTaskMutation();
  const blank = text.trim() === '';

  useEffect(() => () => recognizer.current?.stop(), []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    recognizer.current?.stop();
    try {
      let structured;
      try {
        structured = await structureTask({
          input: text.trim(),
          // The request carries at most the contract's number of each (a larger account sends its first ones).
          availableClients: (clients.data ?? []).slice(0, AI_MAX_CLIENTS).map((client) => client.name),
          availableTimeIncrements: (increments.data ?? []).slice(0, AI_MAX_TIME_INCREMENTS).map((increment) => increment.label),
        }).unwrap();
      } catch (error) {
        // A rate limit's answer says how long to wait (DECISIONS 22); anything else keeps the spec's text.
        reportFailure(error, refusalMessage(error) ?? 'Failed to process your task description. Please try again.', { vibrate: true });
        return;
      }
      try {
        // Matched to the user's clients ignoring case; no match leaves the task without a client (spec §5).
        const clientId = findClientByName(clients.data ?? [], structured.clientName)?.id ?? null;
        const task = await createTask(taskFromStructured(structured, clientId)).unwrap();
        setText('');
        setFlash(true);
        vibrate('success');
        toast({
          title: 'Task created',
          description: 'Your task has been created successfully from your description',
          variant: 'success',
          action: { label: 'Open task', onClick: () => onOpenTask(task) },
        });
      } catch (error) {
        // A quota reached shows the api's message (DECISIONS 22).
        reportFailure(error, 'Failed to create task', { vibrate: true, showReason: true });
      }
    } finally {
      setBusy(false);
    }
  };

  const toggleListening = () => {
    if (listening) {
      recognizer.current?.stop();
      return;
    }
    const next = createSpeechRecognizer();
    if (!next) return;
    const before = text.trim();
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

  return (
    <Box
      component="form"
      onSubmit={submit}
      data-testid="nl-box"
      data-flash={flash ? 'true' : 'false'}
      onAnimationEnd={(event) => {
        if (event.animationName === 'nl-flash') setFlash(false);
      }}
      sx={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 1,
        p: 1,
        pl: 2,
        border: '1px solid',
        borderColor: listening ? 'error.light' : 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
        transition: 'border-color 150ms ease, box-shadow 150ms ease',
        '&:focus-within': { borderColor: 'primary.main', boxShadow: '0 0 0 3px rgba(45, 91, 208, 0.12)' },
        ...(flash && {
          animation: 'nl-flash 900ms ease-out',
          '@keyframes nl-flash': {
            '0%': { boxShadow: '0 0 0 0 rgba(46, 125, 50, 0.55)', borderColor: '#2e7d32', backgroundColor: 'rgba(46, 125, 50, 0.08)' },
            '100%': { boxShadow: '0 0 0 10px rgba(46, 125, 50, 0)' },
          },
        }),
      }}
    >
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={listening ? 'Listening for your task...' : 'Describe your task naturally...'}
        multiline
        maxRows={4}
        disabled={busy}
        inputProps={{ 'aria-label': 'Describe your task', maxLength: 2000 }}
        sx={{ flex: 1, py: 0.75, fontSize: '0.95rem' }}
      />
      {speechSupported && (
        <IconButton title={listening ? 'Stop listening' : 'Speak your task'}
            aria-label={listening ? 'Stop voice input' : 'Start voice input'}
            aria-pressed={listening}
            onClick={toggleListening}
            disabled={busy}
            sx={{
              color: listening ? 'error.main' : 'text.secondary',
              ...(listening && {
                animation: 'mic-pulse 1.2s ease-in-out infinite',
                '@keyframes mic-pulse': { '50%': { backgroundColor: 'rgba(211, 47, 47, 0.12)' } },
              }),
            }}
          >
            {listening ? <StopIcon /> : <MicIcon />}
          </IconButton>
      )}
      <IconButton
        type="submit"
        aria-label="Create task from description"
        disabled={blank || busy}
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:hover': { bgcolor: 'primary.dark' },
          '&.Mui-disabled': { bgcolor: 'action.disabledBackground', color: 'action.disabled' },
        }}
      >
        {busy ? <CircularProgress size={20} color="inherit" aria-label="Creating task" /> : <SendIcon />}
      </IconButton>
    </Box>
  );
}

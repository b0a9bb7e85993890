import { useEffect, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { IMPORT_SOURCES, IMPORT_SOURCE_LABELS, type ImportJob, type ImportPreview, type ImportSource } from '@daybook/shared';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../app/store';
import { baseApi } from '../../api/baseApi';
import { serverMessage } from '../../api/apiError';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { EXPORT_JSON_URL, EXPORT_TASKS_CSV_URL, IMPORTED_TAGS, useGetImportQuery, usePreviewImportMutation, useStartImportMutation, type ImportUpload } from './dataTransferApi';
import { countsText, projectName, readFileText } from './importText';

const POLL_MS = 1_000;
const ACCEPT: Record<ImportSource, string> = { todoist: '.csv,text/csv', ticktick: '.csv,text/csv', daybook: '.json,application/json' };
const failureText = (error: unknown) => serverMessage(error) ?? 'The file could not be read. Please try again.';

function Preview({ preview }: { preview: ImportPreview }) {
  return (
    <Box aria-label="Import preview" component="section" sx={{ mt: 2 }}>
      <Typography variant="body2">The file holds {countsText(preview.counts)}.</Typography>
      {preview.alreadyImported > 0 && <Typography variant="body2">{preview.alreadyImported.toLocaleString('en-US')} of its items were imported before and are skipped.</Typography>}
      {preview.clientsToCreate.length > 0 && <Typography variant="body2">New clients: {preview.clientsToCreate.join(', ')}.</Typography>}
      {preview.problems.length > 0 && (
        <Alert severity="warning" variant="outlined" sx={{ mt: 1 }}>
          <Typography variant="body2">Rows with problems:</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 160, overflowY: 'auto' }}>
            {preview.problems.map((problem) => (
              <li key={`${problem.row}:${problem.message}`}>{problem.row > 0 ? `Row ${problem.row}: ${problem.message}` : problem.message}</li>
            ))}
          </Box>
          {preview.moreProblems > 0 && <Typography variant="body2">…and {preview.moreProblems.toLocaleString('en-US')} more.</Typography>}
        </Alert>
      )}
    </Box>
  );
}

/** An import job: its progress while it runs, then what it did. */
function Progress({ job }: { job: ImportJob }) {
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : 0;
  if (job.state === 'failed') return <Alert severity="error" sx={{ mt: 2 }}>{job.error ?? 'The import failed.'}</Alert>;
  if (job.state === 'done')
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        Imported {countsText(job.created)}.{job.skipped > 0 ? ` ${job.skipped.toLocaleString('en-US')} items were there already.` : ''}
      </Alert>
    );
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" id="import-progress-label">
        Importing… {job.processed.toLocaleString('en-US')} of {job.total.toLocaleString('en-US')}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-labelledby="import-progress-label" />
    </Box>
  );
}

/**
 * Settings, 'Import and export' (DECISIONS 30): downloads of everything (JSON) and of the tasks (CSV), and an
 * import from a Todoist project CSV, a TickTick backup or a Daybook export: choose the file, see what it
 * holds (nothing is written yet), import, follow the progress, read what was done.
 */
export function DataTransferSection() {
  const dispatch = useDispatch<AppDispatch>();
  const [source, setSource] = useState<ImportSource>('todoist');
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [runPreview, previewState] = usePreviewImportMutation();
  const [startImport, startState] = useStartImportMutation();
  const job = useGetImportQuery(jobId ?? '', { skip: jobId === null, pollingInterval: POLL_MS });
  const running = job.data?.state === 'running' || job.data?.state === 'queued';
  const ended = job.data?.state === 'done' || job.data?.state === 'failed';

  // Once an import has ended, the lists it may have added to are read again; polling stops.
  useEffect(() => {
    if (ended) dispatch(baseApi.util.invalidateTags([...IMPORTED_TAGS]));
  }, [ended, dispatch]);

  function reset(next: ImportSource) {
    setSource(next);
    setUpload(null);
    setJobId(null);
    previewState.reset();
    startState.reset();
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const chosen = { source, name: projectName(file.name), text: await readFileText(file) };
    setUpload(chosen);
    setJobId(null);
    startState.reset();
    void runPreview(chosen);
  }

  async function confirm() {
    if (!upload) return;
    const started = await startImport(upload);
    if ('data' in started && started.data) setJobId(started.data.id);
  }

  return (
    <SettingsSection title="Import and export">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Export
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 3 }}>
        <Button component="a" href={EXPORT_JSON_URL} download variant="outlined" startIcon={<DownloadIcon />}>
          Export everything (JSON)
        </Button>
        <Button component="a" href={EXPORT_TASKS_CSV_URL} download variant="outlined" startIcon={<DownloadIcon />}>
          Export tasks (CSV)
        </Button>
      </Stack>

      {/* A plain fieldset: MUI's FormControl would pull InputBase out of the dashboard's first chunk. */}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2" color="textSecondary">
          Import from
        </Typography>
        <RadioGroup row value={source} onChange={(event) => reset(event.target.value as ImportSource)}>
          {IMPORT_SOURCES.map((one) => (
            <FormControlLabel key={one} value={one} control={<Radio size="small" />} label={IMPORT_SOURCE_LABELS[one]} disabled={running} />
          ))}
        </RadioGroup>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={running || previewState.isLoading}>
          Choose file
          <input hidden type="file" accept={ACCEPT[source]} aria-label="File to import" onChange={(event) => void chooseFile(event)} />
        </Button>
        {upload && <Typography variant="body2">{upload.name}</Typography>}
      </Stack>

      {previewState.isLoading && <LinearProgress sx={{ mt: 2 }} aria-label="Reading the file" />}
      {previewState.isError && <Alert severity="error" sx={{ mt: 2 }}>{failureText(previewState.error)}</Alert>}
      {previewState.data && !jobId && (
        <>
          <Preview preview={previewState.data} />
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => void confirm()} disabled={startState.isLoading}>
            Import
          </Button>
        </>
      )}
      {startState.isError && <Alert severity="error" sx={{ mt: 2 }}>{failureText(startState.error)}</Alert>}
      {job.data && <Progress job={job.data} />}
    </SettingsSection>
  );
}

export default DataTransferSection;

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CopyField } from '../../../components/CopyField';

/** New recovery codes, shown this once (the api keeps only their hashes), to copy somewhere safe. */
export function RecoveryCodesPanel({ codes, doneLabel = 'Done', onDone }: { codes: readonly string[]; doneLabel?: string; onDone: () => void }) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Recovery codes"
      sx={{ p: 1.5, borderRadius: 2, borderColor: 'success.main', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Save your recovery codes
        </Typography>
        <Typography variant="body2" color="textSecondary">
          If you lose your authenticator app or passkey, each code signs you in once. They will not be shown again: keep them somewhere safe, such as a
          password manager.
        </Typography>
      </Box>
      <CopyField label="Recovery codes" value={codes.join('\n')} copied="Recovery codes copied" multiline />
      <Box>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Paper>
  );
}

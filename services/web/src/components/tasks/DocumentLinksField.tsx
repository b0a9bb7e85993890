import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';

/** A task's document links: one input each (at least one, maybe blank), remove and 'Add link'. */
export function DocumentLinksField({ links, error, onChange }: { links: readonly string[]; error?: string; onChange: (links: string[]) => void }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Document links
      </Typography>
      <Stack spacing={1}>
        {links.map((link, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              label={`Document link ${index + 1}`}
              placeholder="https://"
              value={link}
              onChange={(event) => onChange(links.map((l, i) => (i === index ? event.target.value : l)))}
              fullWidth
              type="url"
            />
            <IconButton aria-label={`Remove document link ${index + 1}`} onClick={() => onChange(links.length > 1 ? links.filter((_, i) => i !== index) : [''])}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...links, ''])} sx={{ mt: 1 }}>
        Add link
      </Button>
    </Box>
  );
}

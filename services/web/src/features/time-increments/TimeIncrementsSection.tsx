import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useDeleteTimeIncrementMutation, useGetTimeIncrementsQuery } from '../../api/timeIncrementsApi';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';
import { AddTimeIncrementForm } from './AddTimeIncrementForm';

/** Settings, 'Time Increments' (spec §2): the user's estimate choices, shortest first, each removable, and the form to add one. */
export function TimeIncrementsSection() {
  const increments = useGetTimeIncrementsQuery().data ?? [];
  const [deleteIncrement] = useDeleteTimeIncrementMutation();
  return (
    <SettingsSection title="Time Increments">
      {increments.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          No time increments yet.
        </Typography>
      ) : (
        <Box
          role="list"
          aria-label="Time increments"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 1, maxHeight: 200, overflowY: 'auto', mb: 1.5 }}
        >
          {increments.map((increment) => (
            <Box
              role="listitem"
              key={increment.id}
              sx={{ display: 'flex', alignItems: 'center', pl: 1.5, pr: 0.5, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              <Typography variant="body2" sx={{ flex: 1 }}>
                {increment.label}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${increment.label}`}
                onClick={() =>
                  void runWithToasts(() => deleteIncrement(increment.id).unwrap(), { success: { title: 'Time increment removed' }, failure: 'Failed to remove time increment' })
                }
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <AddTimeIncrementForm />
    </SettingsSection>
  );
}

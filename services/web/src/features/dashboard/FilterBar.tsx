import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { PRIORITIES, type Client, type Priority } from '@daybook/shared';
import { NativeSelectField } from '../../components/NativeSelectField';
import type { TaskFilters } from '../../components/tasks/taskFilters';
import { ClientFilterField } from './ClientFilterField';

const PRIORITY_FILTER_LABELS: Record<Priority, string> = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };

export interface FilterBarProps {
  clients: readonly Client[];
  filters: TaskFilters;
  onChange: (filters: TaskFilters) => void;
  /** The Show Archived switch, where it applies (the Active tab). */
  showArchived?: { checked: boolean; onChange: (checked: boolean) => void };
}

/** The dashboard's filters (spec §2): client (All Clients or one), priority (All, urgent, high, medium, low), Show Archived. */
export function FilterBar({ clients, filters, onChange, showArchived }: FilterBarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }} role="group" aria-label="Filters">
      <ClientFilterField clients={clients} value={filters.clientId} onChange={(clientId) => onChange({ ...filters, clientId })} sx={{ minWidth: 160, flex: { xs: 1, sm: 'none' } }} />
      <NativeSelectField
        label="Priority"
        value={filters.priority}
        onChange={(priority) => onChange({ ...filters, priority: priority as Priority | 'all' })}
        sx={{ minWidth: 140, flex: { xs: 1, sm: 'none' } }}
      >
        <option value="all">All</option>
        {[...PRIORITIES].reverse().map((priority) => (
          <option key={priority} value={priority}>
            {PRIORITY_FILTER_LABELS[priority]}
          </option>
        ))}
      </NativeSelectField>
      {showArchived && (
        <FormControlLabel
          control={<Switch checked={showArchived.checked} onChange={(event) => showArchived.onChange(event.target.checked)} />}
          label="Show Archived"
          sx={{ ml: { sm: 'auto' } }}
        />
      )}
    </Box>
  );
}

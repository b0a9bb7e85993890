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

/**
 * The dashboard's filters (spec §2): client (All Clients or one), priority (All, urgent, high, medium, low), Show
 * Archived. Beside the tabs on wider screens, under them on phones.
 */
export function FilterBar({ clients, filters, onChange, showArchived }: FilterBarProps) {
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: { md: 'flex-end' }, flex: { xs: '1 1 100%', md: '1 1 0' }, minWidth: 0, pt: { xs: 1, md: 0 } }}
    >
      <ClientFilterField clients={clients} value={filters.clientId} onChange={(clientId) => onChange({ ...filters, clientId })} className="db-filter-field db-filter-client" />
      <NativeSelectField
        label="Priority"
        value={filters.priority}
        onChange={(priority) => onChange({ ...filters, priority: priority as Priority | 'all' })}
        className="db-filter-field"
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
          sx={{ mr: 0, ml: 0.5 }}
        />
      )}
    </Box>
  );
}

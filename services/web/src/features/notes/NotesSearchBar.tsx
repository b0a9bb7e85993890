import { useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import FilterIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import type { Client } from '@daybook/shared';
import { activeFilterCount, type NoteFilters } from './notesState';

export interface NotesSearchBarProps {
  search: string;
  filters: NoteFilters;
  clients: readonly Client[];
  onSearch: (text: string) => void;
  onFilter: (filters: Partial<NoteFilters>) => void;
  onClear: () => void;
  /** Focus the search box when it appears (a narrow screen's search button opened it). */
  autoFocus?: boolean;
  /** More controls at the end of the row (wide screens: the markdown switch). */
  children?: ReactNode;
}

/** The search box (spec §2), the Filters toggle with its badge, and the filters: client, start and end date, Clear. */
export function NotesSearchBar({ search, filters, clients, onSearch, onFilter, onClear, autoFocus = false, children }: NotesSearchBarProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = activeFilterCount(filters);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          placeholder="Search notes..."
          value={search}
          autoFocus={autoFocus}
          onChange={(event) => onSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search notes' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
          sx={{ flex: '1 1 auto', minWidth: 0 }}
        />
        <Button variant={filtersOpen ? 'contained' : 'outlined'} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen} startIcon={<FilterIcon />} sx={{ flexShrink: 0 }}>
          <Badge badgeContent={filterCount} color="secondary" sx={{ '& .MuiBadge-badge': { right: -10 } }} data-testid="filters-badge">
            Filters
          </Badge>
        </Button>
        {children}
      </Box>
      <Collapse in={filtersOpen} unmountOnExit>
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <TextField select size="small" label="Client" value={filters.clientId || 'all'} onChange={(event) => onFilter({ clientId: event.target.value === 'all' ? '' : event.target.value })} sx={{ minWidth: 180 }}>
            <MenuItem value="all">All clients</MenuItem>
            {clients.map((client) => (
              <MenuItem key={client.id} value={client.id}>
                {client.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="date" label="Start date" value={filters.startDate} onChange={(event) => onFilter({ startDate: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label="End date" value={filters.endDate} onChange={(event) => onFilter({ endDate: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <Button startIcon={<ClearIcon />} onClick={onClear}>
            Clear
          </Button>
        </Paper>
      </Collapse>
    </>
  );
}

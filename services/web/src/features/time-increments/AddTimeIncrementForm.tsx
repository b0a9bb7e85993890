import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { makeTimeIncrement, TIME_INCREMENT_NUMBERS, TIME_INCREMENT_UNITS, type TimeIncrementUnit } from '@daybook/shared';
import { useCreateTimeIncrementMutation } from '../../api/timeIncrementsApi';
import { runWithToasts } from '../../lib/feedback';

/** A number and a unit ('3' × 'hours'), added as the increment the shared rules label ('3 hours'). */
export function AddTimeIncrementForm() {
  const [createIncrement] = useCreateTimeIncrementMutation();
  const [number, setNumber] = useState<number | ''>('');
  const [unit, setUnit] = useState<TimeIncrementUnit | ''>('');

  const add = async () => {
    if (number === '' || unit === '') return;
    const added = await runWithToasts(() => createIncrement(makeTimeIncrement(number, unit)).unwrap(), {
      success: { title: 'Time increment added' },
      failure: 'Failed to add time increment',
    });
    if (added) {
      setNumber('');
      setUnit('');
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField select label="Number" value={number} onChange={(event) => setNumber(Number(event.target.value))} sx={{ flex: 1, minWidth: 100 }}>
        {TIME_INCREMENT_NUMBERS.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Unit" value={unit} onChange={(event) => setUnit(event.target.value as TimeIncrementUnit)} sx={{ flex: 1, minWidth: 100 }}>
        {TIME_INCREMENT_UNITS.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        onClick={() => void add()}
        disabled={number === '' || unit === ''}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
      >
        Add Time Increment
      </Button>
    </Box>
  );
}

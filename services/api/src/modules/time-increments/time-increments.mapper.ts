import type { TimeIncrement as TimeIncrementDto } from '@daybook/shared';

export const TIME_INCREMENT_COLUMNS = 'ti.id, ti.label, ti.value';

export interface TimeIncrementRow {
  id: string;
  label: string;
  value: string;
}

export const toTimeIncrementDto = (row: TimeIncrementRow): TimeIncrementDto => ({ id: row.id, label: row.label, value: row.value });

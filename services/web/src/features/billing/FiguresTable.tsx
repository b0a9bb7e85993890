import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface FiguresColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

export interface FiguresTableProps<Row> {
  title: string;
  columns: FiguresColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The last row, in bold: the totals. */
  footer?: Row;
  testId?: string;
}

/**
 * A table of figures. From the `sm` width up, a plain table; on a phone each row stacks into a small card
 * whose first cell is its title and whose other cells show their column's name beside the value (the same
 * table underneath, so screen readers still read a table).
 */
export function FiguresTable<Row>({ title, columns, rows, rowKey, footer, testId }: FiguresTableProps<Row>) {
  const renderRow = (row: Row, key: string, total = false) => (
    <TableRow key={key} data-testid={total ? `${testId}-total` : `${testId}-row`} sx={total ? { '& td': { fontWeight: 700 } } : undefined}>
      {columns.map((column, index) => {
        const value = column.value(row);
        // A cell with nothing in it (the totals row's client) names no column: a phone leaves it out.
        const empty = value === '' || value === null || value === undefined;
        return (
          <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} data-label={empty ? undefined : column.label} sx={index === 0 ? { fontWeight: 600 } : undefined}>
            {value}
          </TableCell>
        );
      })}
    </TableRow>
  );
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ mt: 3, overflow: 'hidden' }}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Table
        size="small"
        aria-label={title}
        data-testid={testId}
        sx={(theme) => ({
          // A phone: every row a card of "Column   value" lines; from `sm` up, a plain table.
          [theme.breakpoints.down('sm')]: {
            display: 'block',
            '& thead': { display: 'none' },
            '& tbody, & tr': { display: 'block' },
            '& tr': { borderTop: `1px solid ${theme.palette.divider}`, py: 1 },
            // (A right-aligned cell is a reversed flex row in MUI: the label goes first here.)
            '& td': { display: 'flex', flexDirection: 'row', justifyContent: 'space-between', gap: 2, border: 'none', py: 0.25 },
            '& td:not(:first-of-type)::before': { content: 'attr(data-label)', color: theme.palette.text.secondary, fontWeight: 400 },
            '& td:empty': { display: 'none' },
          },
          [theme.breakpoints.up('sm')]: { '& td:not(:first-of-type)': { whiteSpace: 'nowrap' } },
          '& td': { borderColor: theme.palette.divider },
          '& td:first-of-type': { wordBreak: 'break-word' },
        })}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, color: 'text.secondary' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => renderRow(row, rowKey(row)))}
          {footer !== undefined && renderRow(footer, 'total', true)}
        </TableBody>
      </Table>
    </Paper>
  );
}

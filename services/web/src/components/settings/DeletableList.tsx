import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';

export interface NamedEntry {
  id: string;
  name: string;
  /** A colour dot before the name (clients). */
  color?: string;
}

/** A scrollable list of named entries, each with a delete button (spec §2: lists are scrollable), or `empty`. */
export function DeletableList({ items, label, empty, onDelete }: { items: readonly NamedEntry[]; label: string; empty: string; onDelete: (id: string) => void }) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List dense aria-label={label} sx={{ maxHeight: 200, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, mb: 1.5, py: 0 }}>
      {items.map((item) => (
        <ListItem
          key={item.id}
          divider
          secondaryAction={
            <IconButton edge="end" aria-label={`Remove ${item.name}`} onClick={() => onDelete(item.id)} size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          }
        >
          {item.color && <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: item.color, mr: 1.5, border: '1px solid rgba(0,0,0,0.12)' }} />}
          <ListItemText primary={item.name} />
        </ListItem>
      ))}
    </List>
  );
}

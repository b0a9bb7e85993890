import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

/** A secondary screen's 'New' action, in its top bar (calendar, Kanban, clients). */
export function NewButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" color="secondary" startIcon={<AddIcon />} onClick={onClick}>
      New
    </Button>
  );
}

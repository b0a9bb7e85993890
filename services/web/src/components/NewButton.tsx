import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

/** A secondary screen's 'New' action, in its top bar (calendar, Kanban, clients): the theme's main-action colour. */
export function NewButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      New
    </Button>
  );
}

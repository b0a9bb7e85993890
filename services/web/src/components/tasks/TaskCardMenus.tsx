import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { PRIORITIES, PRIORITY_LABELS, type Priority, type Task } from '@daybook/shared';

export interface TaskCardMenusProps {
  task: Task;
  /** The open menu and the button it hangs from. */
  open: { menu: 'priority' | 'more'; anchor: HTMLElement };
  timerRunsHere: boolean;
  onClose: () => void;
  onPriority: (priority: Priority) => void;
  onEdit: () => void;
  onToggleTimer: () => void;
  onMoveToBacklog: () => void;
  onDelete: () => void;
}

/**
 * A task card's menus: its priority and its other actions. They load when a card first opens one, so a
 * list of cards paints without them. Each choice closes the menu first.
 */
export default function TaskCardMenus({ task, open, timerRunsHere, onClose, onPriority, onEdit, onToggleTimer, onMoveToBacklog, onDelete }: TaskCardMenusProps) {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  if (open.menu === 'priority') {
    return (
      <Menu anchorEl={open.anchor} open onClose={onClose}>
        {[...PRIORITIES].reverse().map((priority) => (
          <MenuItem key={priority} selected={priority === task.priority} onClick={choose(() => onPriority(priority))}>
            {PRIORITY_LABELS[priority]}
          </MenuItem>
        ))}
      </Menu>
    );
  }
  return (
    <Menu anchorEl={open.anchor} open onClose={onClose}>
      <MenuItem onClick={choose(onEdit)}>
        <ListItemIcon>
          <EditIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Edit task</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(onToggleTimer)}>
        <ListItemIcon>
          <TimerIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{timerRunsHere ? 'Stop timer' : 'Start timer'}</ListItemText>
      </MenuItem>
      <Divider />
      <MenuItem onClick={choose(onMoveToBacklog)}>
        <ListItemIcon>
          <InboxIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Move to backlog</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
        <ListItemIcon sx={{ color: 'inherit' }}>
          <DeleteIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Delete task</ListItemText>
      </MenuItem>
    </Menu>
  );
}

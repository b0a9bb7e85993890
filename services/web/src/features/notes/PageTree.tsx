import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { NoteList } from '@daybook/shared';
import type { PageNode } from './notesState';

/** Pages and their sub-pages as a tree (spec §2): select, expand or collapse, add a sub-page. */
export function PageTree({
  nodes,
  selectedId,
  expanded,
  onSelect,
  onToggle,
  onAddSubPage,
}: {
  nodes: readonly PageNode[];
  selectedId: string | null;
  expanded: readonly string[];
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onAddSubPage: (list: NoteList) => void;
}) {
  return (
    <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {nodes.map((node) => {
        const open = expanded.includes(node.list.id);
        const selected = node.list.id === selectedId;
        return (
          <Box component="li" key={node.list.id} role="treeitem" aria-expanded={node.children.length ? open : undefined} aria-selected={selected}>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                pl: node.depth * 2,
                borderRadius: 1,
                bgcolor: selected ? 'action.selected' : undefined,
                '&:hover .add-sub': { opacity: 1 },
              }}
            >
              {node.children.length ? (
                <IconButton size="small" aria-label={open ? `Collapse ${node.list.title}` : `Expand ${node.list.title}`} onClick={() => onToggle(node.list.id)}>
                  {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                </IconButton>
              ) : (
                <Box sx={{ width: 34 }} />
              )}
              <Button
                color="inherit"
                onClick={() => onSelect(node.list.id)}
                sx={{ flex: 1, justifyContent: 'flex-start', textTransform: 'none', fontWeight: selected ? 600 : 400, minWidth: 0 }}
              >
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {node.list.title}
                </Box>
              </Button>
              <Tooltip title="Add sub-page">
                <IconButton className="add-sub" size="small" aria-label={`Add sub-page to ${node.list.title}`} onClick={() => onAddSubPage(node.list)} sx={{ opacity: { xs: 1, md: selected ? 1 : 0.4 } }}>
                  <AddIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            {node.children.length > 0 && open && (
              <PageTree nodes={node.children} selectedId={selectedId} expanded={expanded} onSelect={onSelect} onToggle={onToggle} onAddSubPage={onAddSubPage} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

import { memo, useMemo, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { estimateChoices, PRIORITIES, PRIORITY_LABELS, type Priority } from '@daybook/shared';
import type { Piece } from '@daybook/nl';
import { readableTextColor } from '../../components/ClientChip';
import { CHIP_FIELD_NAMES, chipsOf, type ChipContext, type ChipField, type ChipModel } from './chips';
import { FIELD_COLORS } from './fieldColors';
import type { ProposalChange, ShownProposal } from './proposals';

export interface CapturePreviewProps {
  shown: readonly ShownProposal[];
  context: ChipContext;
  /** A chip's ×: its words go back to the title. */
  onGiveBack: (pieces: readonly Piece[]) => void;
  /** An edit of the proposal anchored at `anchor`. */
  onChange: (anchor: number, change: ProposalChange) => void;
  /** "Create client" for a name that is none of the user's clients. */
  onCreateClient: (name: string) => void;
  /** The name being created, while the call runs. */
  creatingClient: string | null;
  /** The model's reading is shown (its changes marked): the next Enter, or Save, saves it. */
  reviewed: boolean;
  onSave: () => void;
  /** Saving. */
  busy: boolean;
}

/** Fields whose chip opens a menu of choices. */
type MenuField = Extract<ChipField, 'client' | 'estimate' | 'priority'>;
const MENU_FIELDS: ReadonlySet<ChipField> = new Set<ChipField>(['client', 'estimate', 'priority']);

interface OpenMenu {
  element: HTMLElement;
  anchor: number;
  field: MenuField;
}

const chipSx = {
  display: 'inline-flex',
  alignItems: 'center',
  height: 26,
  borderRadius: 13,
  fontSize: '0.8rem',
  fontWeight: 500,
  maxWidth: '100%',
  overflow: 'hidden',
  border: '1px solid transparent',
} as const;

function ChipView({ chip, onOpenMenu, onRemove }: { chip: ChipModel; onOpenMenu?: (event: MouseEvent<HTMLElement>) => void; onRemove?: () => void }) {
  const colors = chip.color ? { background: chip.color, text: readableTextColor(chip.color) } : FIELD_COLORS[chip.field];
  const name = `${CHIP_FIELD_NAMES[chip.field]}: ${chip.label}`;
  const label = (
    <>
      {/* The chip's name says "changed by the model" to a screen reader. */}
      {chip.changedByModel && <AutoAwesomeIcon sx={{ fontSize: 14, mr: 0.5 }} />}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {chip.label}
      </Box>
    </>
  );
  return (
    <Box
      component="span"
      role="group"
      aria-label={chip.changedByModel ? `${name} (changed by the model)` : name}
      data-testid="capture-chip"
      data-field={chip.field}
      data-changed={chip.changedByModel ? 'true' : 'false'}
      sx={{ ...chipSx, bgcolor: colors.background, color: colors.text, ...(chip.changedByModel && { borderColor: 'secondary.main', boxShadow: '0 0 0 1px rgba(124, 77, 204, 0.5)' }) }}
    >
      {onOpenMenu ? (
        <ButtonBase aria-haspopup="menu" aria-label={`Change ${name}`} onClick={onOpenMenu} sx={{ height: '100%', pl: 1.25, pr: onRemove ? 0.5 : 1.25, font: 'inherit', color: 'inherit', minWidth: 0 }}>
          {label}
        </ButtonBase>
      ) : (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', pl: 1.25, pr: onRemove ? 0.5 : 1.25, minWidth: 0 }}>
          {label}
        </Box>
      )}
      {onRemove && (
        <ButtonBase aria-label={`Remove ${name}`} title="Give these words back to the title" onClick={onRemove} sx={{ height: '100%', px: 0.5, color: 'inherit', borderRadius: '0 13px 13px 0', '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.08)' } }}>
          <CloseIcon sx={{ fontSize: 15 }} />
        </ButtonBase>
      )}
    </Box>
  );
}

function TitleEditor({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(title);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onDone(value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone(null);
    }
  };
  return (
    <InputBase
      autoFocus
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => onDone(value)}
      inputProps={{ 'aria-label': 'Task title', maxLength: 500 }}
      sx={{ flex: 1, minWidth: 0, fontWeight: 600, fontSize: '0.9rem', borderBottom: '1px solid', borderColor: 'primary.main' }}
    />
  );
}

/** What a row does, the same object across keystrokes (rows and chip lists are memoised). */
interface RowActions {
  giveBack: (pieces: readonly Piece[]) => void;
  change: (anchor: number, change: ProposalChange) => void;
  createClient: (name: string) => void;
  openMenu: (element: HTMLElement, anchor: number, field: MenuField) => void;
  editTitle: (anchor: number | null) => void;
}

interface ChipListProps {
  anchor: number;
  chips: readonly ChipModel[];
  unknownName: string | null;
  creatingClient: string | null;
  actions: RowActions;
}

/** What a chip list shows: it renders again only when that changes, not on every keystroke. */
const chipListKey = ({ anchor, chips, unknownName, creatingClient }: ChipListProps) =>
  JSON.stringify([anchor, unknownName, creatingClient, chips.map((chip) => [chip.field, chip.label, chip.changedByModel, chip.color, chip.pieces.map((piece) => [piece.start, piece.end])])]);

const ChipList = memo(
  function ChipList({ anchor, chips, unknownName, creatingClient, actions }: ChipListProps) {
    if (chips.length === 0 && !unknownName) return null;
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {chips.map((chip, index) => (
          <ChipView
            // Several reminders make several chips of one field.
            key={`${chip.field}-${index}`}
            chip={chip}
            onOpenMenu={MENU_FIELDS.has(chip.field) ? (event) => actions.openMenu(event.currentTarget, anchor, chip.field as MenuField) : undefined}
            onRemove={chip.pieces.length > 0 ? () => actions.giveBack(chip.pieces) : undefined}
          />
        ))}
        {unknownName && (
          <ButtonBase
            data-testid="capture-create-client"
            disabled={creatingClient !== null}
            onClick={() => actions.createClient(unknownName)}
            sx={{ ...chipSx, px: 1.25, border: '1px dashed', borderColor: FIELD_COLORS.client.text, color: FIELD_COLORS.client.text }}
          >
            <AddIcon sx={{ fontSize: 15, mr: 0.5 }} />
            {creatingClient === unknownName ? 'Creating…' : `Create client “${unknownName}”`}
          </ButtonBase>
        )}
      </Box>
    );
  },
  (before, after) => before.actions === after.actions && chipListKey(before) === chipListKey(after),
);

interface ProposalRowProps {
  item: ShownProposal;
  /** "task 2" of several, "the task" alone. */
  taskName: string;
  several: boolean;
  editing: boolean;
  context: ChipContext;
  creatingClient: string | null;
  actions: RowActions;
}

function ProposalRowView({ item, taskName, several, editing, context, creatingClient, actions }: ProposalRowProps) {
  const chips = useMemo(() => chipsOf(item, context), [item, context]);
  // The same buttons while the title changes with each keystroke.
  const buttons = useMemo(
    () => (
      <>
        <IconButton size="small" aria-label={`Edit the title of ${taskName}`} onClick={() => actions.editTitle(item.anchor)} sx={{ p: 0.5, flex: 'none' }}>
          <EditIcon sx={{ fontSize: 16 }} />
        </IconButton>
        {several && (
          <IconButton size="small" aria-label={`Remove ${taskName}`} onClick={() => actions.change(item.anchor, { removed: true })} sx={{ p: 0.5, ml: 'auto', flex: 'none' }}>
            <DeleteIcon sx={{ fontSize: 18 }} />
          </IconButton>
        )}
      </>
    ),
    [taskName, several, actions, item.anchor],
  );
  if (item.removed) {
    return (
      <Box data-testid="capture-proposal" data-removed="true" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', fontSize: '0.85rem' }}>
        <Box component="span" sx={{ textDecoration: 'line-through', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {item.task.title}
        </Box>
        <ButtonBase onClick={() => actions.change(item.anchor, { removed: false })} sx={{ color: 'primary.main', fontSize: '0.8rem', fontWeight: 600, px: 0.5 }}>
          Undo
        </ButtonBase>
      </Box>
    );
  }
  const titleChanged = item.changedByModel.has('title');
  return (
    <div data-testid="capture-proposal" data-removed="false" style={several ? SEVERAL_ROW_STYLE : ROW_STYLE}>
      <div style={TITLE_LINE_STYLE}>
        {editing ? (
          <TitleEditor
            title={item.task.title}
            onDone={(title) => {
              actions.editTitle(null);
              if (title !== null && title.trim() !== '' && title.trim() !== item.task.title) actions.change(item.anchor, { title: title.trim() });
            }}
          />
        ) : (
          <span data-testid="capture-title" data-changed={titleChanged ? 'true' : 'false'} style={TITLE_STYLE}>
            {titleChanged && <AutoAwesomeIcon titleAccess="Changed by the model" sx={{ fontSize: 14, mr: 0.5, color: 'secondary.main', verticalAlign: '-2px' }} />}
            {item.task.title}
          </span>
        )}
        {!editing && buttons}
      </div>
      {item.task.description.trim() !== '' && (
        <span data-testid="capture-description" style={DESCRIPTION_STYLE}>
          {item.task.description}
        </span>
      )}
      <ChipList
        anchor={item.anchor}
        chips={chips}
        unknownName={item.proposal.unknownClient && item.clientId === null ? item.proposal.unknownClient.name : null}
        creatingClient={creatingClient}
        actions={actions}
      />
    </div>
  );
}

/** What a row shows; another proposal's keystroke leaves it alone. */
const rowKey = ({ item, taskName, several, editing, creatingClient }: ProposalRowProps) =>
  JSON.stringify([item.anchor, item.removed, item.task, item.clientId, [...item.changedByModel], item.proposal.pieces, item.proposal.unknownClient, taskName, several, editing, creatingClient]);

const ProposalRow = memo(ProposalRowView, (before, after) => before.actions === after.actions && before.context === after.context && rowKey(before) === rowKey(after));

// Constant styles of what renders on every keystroke (plain elements: no style work per render).
const ROW_STYLE: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 6 };
const SEVERAL_ROW_STYLE: CSSProperties = { ...ROW_STYLE, paddingLeft: 10, borderLeft: '3px solid #e3e7ee' };
const TITLE_LINE_STYLE: CSSProperties = { display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 };
const PREVIEW_STYLE: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 8, marginTop: 10 };
const TITLE_STYLE: CSSProperties = { fontWeight: 600, fontSize: '0.9rem', lineHeight: 1.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 };
const DESCRIPTION_STYLE: CSSProperties = { fontSize: '0.8rem', marginTop: -4, color: '#5b6472', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/**
 * What Daybook understood, under the capture box (DECISIONS 26–27): one row per proposed task with its
 * title and chips. A chip's × gives its words back to the title; the client, estimate and priority
 * chips open a menu; with several tasks each can be removed (and put back) or retitled.
 */
export function CapturePreview({ shown, context, onGiveBack, onChange, onCreateClient, creatingClient, reviewed, onSave, busy }: CapturePreviewProps) {
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [editingTitle, setEditingTitle] = useState<number | null>(null);
  const several = shown.length > 1;
  const kept = shown.filter((item) => !item.removed).length;
  const modelChanges = reviewed ? shown.reduce((sum, item) => sum + item.changedByModel.size, 0) : 0;
  const menuProposal = menu ? shown.find((item) => item.anchor === menu.anchor) : undefined;
  const actions = useMemo<RowActions>(
    () => ({
      giveBack: onGiveBack,
      change: onChange,
      createClient: onCreateClient,
      openMenu: (element, anchor, field) => setMenu({ element, anchor, field }),
      editTitle: setEditingTitle,
    }),
    [onGiveBack, onChange, onCreateClient],
  );

  const choose = (change: ProposalChange) => {
    if (menu) onChange(menu.anchor, change);
    setMenu(null);
  };

  const menuItems = (): ReactElement[] => {
    if (!menu || !menuProposal) return [];
    const selected = (current: boolean) => ({ selected: current });
    if (menu.field === 'client') {
      return [
        ...context.clients.map((client) => (
          <MenuItem key={client.id} {...selected(client.id === menuProposal.clientId)} onClick={() => choose({ clientId: client.id })}>
            <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: client.color, mr: 1.25, flex: 'none', border: '1px solid rgba(0,0,0,0.15)' }} />
            {client.name}
          </MenuItem>
        )),
        <MenuItem key="none" {...selected(menuProposal.clientId === null)} onClick={() => choose({ clientId: null })}>
          No client
        </MenuItem>,
      ];
    }
    if (menu.field === 'estimate') {
      return [
        ...estimateChoices(menuProposal.task.estimatedTime, context.timeIncrements).map((increment) => (
          <MenuItem key={increment.value} {...selected(increment.value === menuProposal.task.estimatedTime)} onClick={() => choose({ estimatedTime: increment.value })}>
            {increment.label}
          </MenuItem>
        )),
        <MenuItem key="none" {...selected(menuProposal.task.estimatedTime === null)} onClick={() => choose({ estimatedTime: null })}>
          No estimate
        </MenuItem>,
      ];
    }
    return [...PRIORITIES].reverse().map((priority: Priority) => (
      <MenuItem key={priority} {...selected(priority === menuProposal.task.priority)} onClick={() => choose({ priority })}>
        {PRIORITY_LABELS[priority]}
      </MenuItem>
    ));
  };

  return (
    <div role="region" aria-label="What Daybook understood" data-testid="capture-preview" style={PREVIEW_STYLE}>
      {shown.map((item, index) => (
        <ProposalRow
          key={item.anchor}
          item={item}
          taskName={several ? `task ${index + 1}` : 'the task'}
          several={several}
          editing={editingTitle === item.anchor}
          context={context}
          creatingClient={creatingClient}
          actions={actions}
        />
      ))}
      {(reviewed || kept > 1) && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 0 }} data-testid="capture-hint">
            {reviewed
              ? `The model changed ${modelChanges === 1 ? '1 detail' : `${modelChanges} details`} (marked). Press Enter again to save.`
              : `${kept} tasks: Enter saves them together.`}
          </Typography>
          {reviewed && (
            <Button size="small" variant="contained" onClick={onSave} disabled={busy}>
              Save
            </Button>
          )}
        </Box>
      )}
      {menu && menuProposal && (
        <Menu anchorEl={menu.element} open onClose={() => setMenu(null)} slotProps={{ paper: { sx: { maxHeight: '12rem' } } }}>
          {menuItems()}
        </Menu>
      )}
    </div>
  );
}

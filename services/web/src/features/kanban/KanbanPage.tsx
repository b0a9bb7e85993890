import { useMemo } from 'react';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { KANBAN_STATUSES, type KanbanStatus, type Task } from '@daybook/shared';
import { useGetKanbanColumnInfiniteQuery, useUpdateTaskMutation } from '../../api/tasksApi';
import type { AppDispatch } from '../../app/store';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { NewButton } from '../../components/NewButton';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskMetaRow } from '../../components/tasks/TaskMetaRow';
import { TaskScreen } from '../../components/tasks/TaskScreen';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { loadedItems } from '../../lib/pages';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { COLUMN_TITLES, isKanbanStatus, moveCard } from './board';

function KanbanCard({ task }: { task: Task }) {
  const view = useTaskView();
  return (
    <Card data-testid="kanban-card" sx={{ p: 1.5, bgcolor: task.isCompleted ? 'background.default' : 'background.paper' }}>
      <Typography
        data-testid="kanban-card-title"
        role="button"
        tabIndex={0}
        onClick={() => view.openTask(task)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') view.openTask(task);
        }}
        sx={{ fontWeight: 600, cursor: 'pointer', wordBreak: 'break-word', textDecoration: task.isCompleted ? 'line-through' : 'none', color: task.isCompleted ? 'text.secondary' : 'text.primary' }}
      >
        {task.title}
      </Typography>
      <TaskMetaRow task={task} className="db-kanban-meta" />
    </Card>
  );
}

/** A column: its count ('200+' while more pages are to come), its cards, and further pages as it scrolls. */
function Column({ status }: { status: KanbanStatus }) {
  const column = useGetKanbanColumnInfiniteQuery(status);
  const tasks = useMemo(() => loadedItems(column.data) ?? [], [column.data]);
  return (
    <Box component="section" aria-label={COLUMN_TITLES[status]} data-testid={`kanban-column-${status}`} sx={{ bgcolor: 'rgba(15, 23, 42, 0.04)', borderRadius: 2, p: 1.25, scrollSnapAlign: 'start', display: 'flex', flexDirection: 'column', minHeight: 240 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 0.5, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {COLUMN_TITLES[status]}
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="kanban-count">
          {tasks.length}
          {column.hasNextPage ? '+' : ''}
        </Typography>
      </Box>
      {column.isLoading ? (
        <SkeletonRows count={2} />
      ) : column.isError && !column.data ? (
        <LoadError onRetry={() => void column.refetch()} />
      ) : (
        <Droppable droppableId={status}>
          {(droppable, snapshot) => (
            <Box ref={droppable.innerRef} {...droppable.droppableProps} sx={{ flex: 1, minHeight: 80, borderRadius: 1.5, bgcolor: snapshot.isDraggingOver ? 'rgba(37, 99, 235, 0.08)' : 'transparent', transition: 'background-color 0.15s' }}>
              {tasks.map((task, index) => (
                <Draggable key={task.id} draggableId={task.id} index={index}>
                  {(draggable) => (
                    <Box ref={draggable.innerRef} {...draggable.draggableProps} {...draggable.dragHandleProps} role="group" aria-label={`${task.title}, press space to move`} data-testid="kanban-draggable" sx={{ pb: 1 }}>
                      <KanbanCard task={task} />
                    </Box>
                  )}
                </Draggable>
              ))}
              {droppable.placeholder}
              {tasks.length === 0 && !snapshot.isDraggingOver && (
                <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', py: 3 }}>
                  No tasks
                </Typography>
              )}
            </Box>
          )}
        </Droppable>
      )}
      <LoadMoreRow paging={column} label={`Loading more of ${COLUMN_TITLES[status]}`} />
    </Box>
  );
}

/**
 * The Kanban board (DECISIONS 13): todo, in progress, review, completed, each column loading in pages
 * (DECISIONS 22); a drop in another column sets the status.
 */
function Board({ onNew }: { onNew: () => void }) {
  const dispatch = useDispatch<AppDispatch>();
  const [updateTask] = useUpdateTaskMutation();

  const onDragEnd = async (result: DropResult) => {
    const { source, destination, draggableId } = result;
    if (!destination) return;
    const from = source.droppableId;
    const to = destination.droppableId;
    if (!isKanbanStatus(from) || !isKanbanStatus(to)) return;
    if (from === to && source.index === destination.index) return;
    const undo = dispatch(moveCard({ from, fromIndex: source.index, to, toIndex: destination.index }));
    if (from === to) return; // order within a column is not kept on the server
    try {
      await updateTask({ id: draggableId, changes: { status: to } }).unwrap();
      toast({ title: 'Task updated', description: `Moved to ${COLUMN_TITLES[to]}`, variant: 'success' });
    } catch (error) {
      undo();
      reportFailure(error, 'Failed to update task');
    }
  };

  return (
    <ScreenShell
      title="Kanban"
      maxWidth="xl"
      actions={<NewButton onClick={onNew} />}
    >
      <DragDropContext onDragStart={() => vibrate('medium')} onDragEnd={(result) => void onDragEnd(result)}>
        <Box sx={{ display: 'grid', gridAutoFlow: { xs: 'column', md: 'row' }, gridAutoColumns: { xs: '82%', sm: '45%' }, gridTemplateColumns: { md: 'repeat(4, 1fr)' }, gap: 1.5, overflowX: { xs: 'auto', md: 'visible' }, scrollSnapType: { xs: 'x mandatory', md: 'none' }, pb: 1 }}>
          {KANBAN_STATUSES.map((status) => (
            <Column key={status} status={status} />
          ))}
        </Box>
      </DragDropContext>
    </ScreenShell>
  );
}

export function KanbanPage() {
  return <TaskScreen>{(openTask) => <Board onNew={() => openTask(null)} />}</TaskScreen>;
}

export default KanbanPage;

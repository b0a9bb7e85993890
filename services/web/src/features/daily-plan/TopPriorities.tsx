import { useState } from 'react';
import { todayIn } from '@daybook/shared';
import { Link as RouterLink } from 'react-router';
import CheckDrawing from '@mui/icons-material/Check';
import { plainIcon } from '../../components/icons/plainIcon';
import { TaskMetaRow } from '../../components/tasks/TaskMetaRow';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';
import { useTaskActions } from '../../components/tasks/useTaskActions';
import { useTaskView } from '../../components/tasks/TaskViewContext';

const CheckIcon = plainIcon(CheckDrawing);

/**
 * 'Today's Top 3 Priorities' from the server's daily plan (DECISIONS 14), when there are any: compact rows in
 * the dashboard's Today overview (rank or check, title, then priority, due day, client and estimate; Complete;
 * phones leave out 'Due: Today').
 * Plain elements (styles/today.css): it is on the dashboard's first paint.
 */
export function TopPriorities() {
  const view = useTaskView();
  const actions = useTaskActions();
  const { tasks: priorities } = usePriorityTasks();
  const [completing, setCompleting] = useState<string | null>(null);
  if (priorities.length === 0) return null;
  const today = todayIn(view.now, view.timeZone);

  return (
    <section aria-label="Today's Top 3 Priorities" className="db-top">
      <div className="db-top-header">
        <h2 className="db-top-heading">Today&apos;s Top 3 Priorities</h2>
        <RouterLink to="/daily-review" className="db-top-change">
          Change priorities
        </RouterLink>
      </div>
      <ol className="db-top-list">
        {priorities.map((task, index) => (
          <li key={task.id} data-testid="priority-row" className="db-top-row" data-due-today={task.dueDate === today ? 'true' : undefined}>
            <div aria-label={task.isCompleted ? 'Completed' : `Priority ${index + 1}`} className="db-top-rank" data-completed={task.isCompleted ? 'true' : 'false'}>
              {task.isCompleted ? <CheckIcon /> : index + 1}
            </div>
            <div className="db-top-body">
              <div
                role="button"
                tabIndex={0}
                title={task.title}
                onClick={() => view.openTask(task)}
                onKeyDown={(event) => event.key === 'Enter' && view.openTask(task)}
                className="db-top-title"
                data-completed={task.isCompleted ? 'true' : 'false'}
              >
                {task.title}
              </div>
              {/* Under the title on phones, wrapping where a part does not fit: nothing cut. */}
              <TaskMetaRow task={task} showEstimate className="db-top-meta" />
            </div>
            {!task.isCompleted && (
              <button
                type="button"
                className="db-button db-top-complete"
                aria-label="Complete"
                disabled={completing === task.id}
                onClick={async () => {
                  setCompleting(task.id);
                  await actions.completePriority(task);
                  setCompleting(null);
                }}
              >
                <CheckIcon />
                <span className="db-top-complete-label">Complete</span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

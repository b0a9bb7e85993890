import { overdueLabel, type Task } from '@daybook/shared';
import { countLabel } from '../../lib/format';
import { BANNER_MAX_TASKS } from './overdue';

/**
 * The overdue banner (spec §2), compact, in the Today overview: the count, the first 3 with how late each
 * is ('2 days overdue', or 'Overdue since 3:00 PM' for today's), '+N more overdue task(s)', and Review,
 * wrapping rather than cut. Phones show the count and Review only (issue 37: the day's list below holds the
 * tasks). Each one, like Review, opens the Overdue Tasks Review.
 * Plain elements (styles/today.css), not MUI's Alert, Chip or Button: it is on the dashboard's first paint.
 */
export function OverdueBanner({ tasks, now, timeZone, onReview }: { tasks: readonly Task[]; now: Date; timeZone: string; onReview: () => void }) {
  if (tasks.length === 0) return null;
  const rest = tasks.length - BANNER_MAX_TASKS;
  return (
    <div role="alert" data-testid="overdue-banner" className="db-overdue-banner">
      <h2 className="db-overdue-count">{countLabel(tasks.length, 'overdue task')}</h2>
      <ul aria-label="Most overdue" className="db-overdue-list">
        {tasks.slice(0, BANNER_MAX_TASKS).map((task) => (
          <li key={task.id}>
            <button type="button" onClick={onReview} className="db-overdue-item">
              <span className="db-overdue-title">{task.title}</span>
              <span className="db-overdue-late">{overdueLabel(task, now, timeZone)}</span>
            </button>
          </li>
        ))}
        {rest > 0 && <li className="db-overdue-more">{`+${countLabel(rest, 'more overdue task')}`}</li>}
      </ul>
      <button type="button" className="db-button db-overdue-review" data-variant="text" data-color="error" onClick={onReview}>
        Review
      </button>
    </div>
  );
}

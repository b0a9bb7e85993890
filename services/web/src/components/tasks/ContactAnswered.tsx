import AnsweredDrawing from '@mui/icons-material/MarkChatReadOutlined';
import { useGetShareAnswersQuery } from '../../api/taskSharesApi';
import { formatInstantDate } from '../../lib/format';
import { plainIcon } from '../icons/plainIcon';
import { useTaskView } from './TaskViewContext';

const AnsweredIcon = plainIcon(AnsweredDrawing);

/**
 * A delegated task's sign that its contact answered through a shared link (DECISIONS 33): 'Answered', or
 * '3 answers', titled with the day of the latest. Every card reads the one list of answered tasks.
 */
export function ContactAnswered({ taskId }: { taskId: string }) {
  const view = useTaskView();
  const { answer } = useGetShareAnswersQuery(undefined, {
    skip: !view.delegationEnabled,
    selectFromResult: ({ data }) => ({ answer: data?.find((one) => one.taskId === taskId) }),
  });
  if (!answer) return null;
  return (
    <span className="db-meta" data-testid="task-answered" title={`Your contact answered through the shared link, last on ${formatInstantDate(answer.lastAt, view.timeZone)}`}>
      <AnsweredIcon />
      {answer.count === 1 ? 'Answered' : `${answer.count} answers`}
    </span>
  );
}

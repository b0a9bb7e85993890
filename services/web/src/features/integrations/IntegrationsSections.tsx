import { ApiTokensSection } from './ApiTokensSection';
import { CalendarFeedSection } from './CalendarFeedSection';

/** Settings for the user's own tools (DECISIONS 30): API tokens and the calendar feed, loaded together when the dialog opens. */
export function IntegrationsSections({ timeZone }: { timeZone: string }) {
  return (
    <>
      <ApiTokensSection timeZone={timeZone} />
      <CalendarFeedSection />
    </>
  );
}

export default IntegrationsSections;

import { RecentActivitySection } from './RecentActivitySection';
import { SessionsSection } from './SessionsSection';

/**
 * Settings for the account's safety (DECISIONS 48): where it is signed in and what happened, loaded together
 * when the dialog opens, and read afresh each time it opens (`open`: on a phone the sheet stays mounted).
 */
export function AccountSecuritySections({ timeZone, open }: { timeZone: string; open: boolean }) {
  return (
    <>
      <SessionsSection timeZone={timeZone} open={open} />
      <RecentActivitySection timeZone={timeZone} open={open} />
    </>
  );
}

export default AccountSecuritySections;

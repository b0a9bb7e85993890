import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';

/**
 * A SelectOrCreateField's `onCreate` (a client or a contact created from the task dialog): `create` with a
 * success toast; the new id, or null when it failed (the failure toast says why).
 */
export const createByName =
  (create: (name: string) => Promise<{ id: string }>, { created, failure }: { created: string; failure: string }) =>
  async (name: string): Promise<string | null> => {
    try {
      const { id } = await create(name);
      toast({ title: created, variant: 'success' });
      return id;
    } catch (error) {
      reportFailure(error, failure, { showReason: true });
      return null;
    }
  };

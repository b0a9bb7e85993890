import type { StructureRequest } from '../providers/provider';
import { rules as realRules } from '../structure.thread';

/**
 * The structure-task thread module of a user whose clients make the rules run for ever (tests of the CPU
 * budget): a request naming clients, or saying "forever", never ends; the others are read as usual.
 */
export { normalize } from '../structure.thread';

export function rules(request: StructureRequest) {
  if (request.clients.length > 0 || request.input.includes('forever')) for (;;);
  return realRules(request);
}

import type Router from '@koa/router';
import { captureCorrectionsBodySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody } from '../../http/validate';
import type { CaptureService } from './capture.service';

/** Task capture (DECISIONS 26–28): the structurer's context and the corrections that teach it. */
export function captureRoutes(capture: CaptureService): Router<SignedInState> {
  const router = signedInRouter('/api/capture');

  router.get('/context', async (ctx) => {
    ctx.body = await capture.context(ctx.state.actor);
  });

  router.post('/corrections', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, captureCorrectionsBodySchema);
    ctx.body = await capture.learn(actor, body);
  });

  return router;
}

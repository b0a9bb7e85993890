// The web's component tests run in jsdom. jsdom has no fetch: RTK Query gets Node's own, with Node's
// AbortController so the signal it passes to Request is one Node accepts.
const { TestEnvironment } = require('jest-environment-jsdom');

class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      structuredClone,
    });
  }
}

module.exports = WebTestEnvironment;

// Playwright global setup: the stack for every journey; the returned function tears it down.
import { startStack } from './stack';

export default async function globalSetup() {
  const stack = await startStack();
  // Workers inherit these (Playwright starts them after the global setup).
  process.env.E2E_BASE_URL = stack.baseURL;
  process.env.E2E_ADMIN_USERNAME = stack.adminUsername;
  process.env.E2E_ADMIN_PASSWORD = stack.adminPassword;
  return async () => {
    await stack.stop();
  };
}

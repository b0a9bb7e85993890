// The drills' last line of cleanup, in a detached process of its own: when the test runner is gone (Ctrl-C,
// a crash, a kill) while the state file it keeps still exists, this kills the processes listed there, runs
// the stop command (the private Postgres, a pg_ctl daemon) and removes the listed dirs. When the harness
// cleans up normally it deletes the state file and this exits. Usage: node reaper.cjs RUNNER_PID STATE_FILE
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');

const [runnerPid, stateFile] = process.argv.slice(2);

function runnerAlive() {
  try {
    process.kill(Number(runnerPid), 0);
    return true;
  } catch {
    return false;
  }
}

setInterval(() => {
  if (!fs.existsSync(stateFile)) process.exit(0);
  if (runnerAlive()) return;
  let state = { pids: [], stop: null, remove: [] };
  try {
    state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  } catch {
    // half-written: clean up what we can
  }
  for (const pid of state.pids ?? []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (state.stop) spawnSync(state.stop[0], state.stop.slice(1), { stdio: 'ignore', timeout: 30_000 });
  for (const dir of state.remove ?? []) fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
  process.exit(0);
}, 500);

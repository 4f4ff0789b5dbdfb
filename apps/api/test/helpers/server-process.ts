// The server and the admin command as `npm start` and `npm run admin` run them (src/main.ts and
// src/admin.ts through tsx), each a process of its own.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

const apiDir = path.resolve(import.meta.dirname, '../..');

/** The server, its log lines parsed as they come. */
export class ServerProcess {
  readonly lines: Array<Record<string, unknown>> = [];
  /** Its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', REMINDER_SCAN_SECONDS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    this.child.stderr!.pipe(process.stderr);
    this.exited = once(this.child, 'exit').then(([code]) => code as number | null);
  }

  /** The address it listens on, from its log. */
  async address(timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const listening = this.lines.find((line) => String(line.msg).startsWith('Server listening at '));
      if (listening) return String(listening.msg).slice('Server listening at '.length);
      if (this.child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start: ${JSON.stringify(this.lines)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The messages it has logged so far. */
  logged(): string[] {
    return this.lines.map((line) => String(line.msg));
  }

  running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** Closes the reading ends of its standard output and error, as when the process reading them (`tee`, a supervisor) has gone. */
  stopReading(): void {
    this.child.stdout!.destroy();
    this.child.stderr!.unpipe(process.stderr);
    this.child.stderr!.destroy();
  }

  kill(): void {
    if (this.running()) this.child.kill('SIGKILL');
  }
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- ...args` as a process of its own, with `env` over this process's environment. */
export function runAdmin(env: Record<string, string | undefined>, ...args: string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/admin.ts', ...args],
      { cwd: apiDir, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(new Error(`the admin command did not run: ${error.message}`));
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

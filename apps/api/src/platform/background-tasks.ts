interface TaskLogger {
  error(object: object, message: string): void;
}

/**
 * Work that must not delay or shape an answer (mail whose timing would reveal whether an
 * account exists). Tasks are tracked so shutdown and tests can wait for them.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: TaskLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => this.log.error({ err: error, task: name }, `background task failed: ${name}`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

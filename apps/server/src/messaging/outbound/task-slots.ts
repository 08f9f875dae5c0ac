/**
 * At most `size` holders at once, the others waiting in turn. The outbox runs each task in a transaction that
 * holds a pooled connection while the provider works, and a provider may need a connection of its own (the
 * simulator stores what the phone received; a session may store its keys): with as many lanes as the pool has
 * connections all inside a task, none could get the second one and every lane would wait forever.
 */
export class TaskSlots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  async take(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the slot to the next waiting holder, or frees it. */
  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }
}

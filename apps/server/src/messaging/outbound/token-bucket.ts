/** A token bucket: `capacity` sends in a burst, then `perSecond` steadily. Protects numbers from bans. */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.#tokens = capacity;
    this.#at = now();
  }

  private refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.capacity, this.#tokens + ((now - this.#at) / 1000) * this.perSecond);
    this.#at = now;
  }

  /** Takes a token now if there is one; otherwise answers how many ms until one is due. */
  tryTake(): number {
    this.refill();
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.#tokens) / this.perSecond) * 1000);
  }

  /**
   * Takes up to `n` whole tokens that are there now, never waiting: answers how many it took (0 when none). A batch
   * of sends sizes itself by this, so no transaction ever waits for the rate.
   */
  takeUpTo(n: number): number {
    this.refill();
    const taken = Math.max(0, Math.min(n, Math.floor(this.#tokens)));
    this.#tokens -= taken;
    return taken;
  }

  /** Returns tokens taken for sends that did not go out (a batch cut short); never above the capacity. */
  giveBack(n: number): void {
    this.refill();
    this.#tokens = Math.min(this.capacity, this.#tokens + Math.max(0, n));
  }

  /** Waits until a token is available and takes it. */
  async take(): Promise<void> {
    for (;;) {
      const wait = this.tryTake();
      if (wait === 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

// The time the game sees (docs/host-api.md §2: nowMs).

/** The game clock: milliseconds since the start, standing still while the page is hidden (as the PSP's sleep). */
export class GameClock {
  private readonly start: number;

  private hiddenAt: number | null = null;
  private hiddenTotal = 0;

  constructor(private readonly read: () => number = () => performance.now()) {
    this.start = read();
  }

  hide(hidden: boolean): void {
    const t = this.read();
    if (hidden && this.hiddenAt === null) this.hiddenAt = t;
    if (!hidden && this.hiddenAt !== null) {
      this.hiddenTotal += t - this.hiddenAt;
      this.hiddenAt = null;
    }
  }

  now(): number {
    const t = this.hiddenAt ?? this.read();
    return Math.floor(t - this.start - this.hiddenTotal);
  }
}


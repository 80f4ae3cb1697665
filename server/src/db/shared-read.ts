/**
 * One read of the database shared by the requests that want it at the same moment (decision 0216). A caller joins
 * the next read, never one already sent: if none is under way the read starts at once for it alone; if one is, the
 * caller waits for it to end and then shares the read that starts next with everyone who came meanwhile. So each
 * caller sees every write committed before it asked, as a read of its own would, and under load one round trip
 * serves many requests instead of one each. Nothing is kept between reads: this is not a cache.
 */
export class SharedRead<T> {
  /** The read under way, if any. */
  private running: Promise<T> | null = null;
  /** The read the callers who came while `running` was under way will share, sent once it ends. */
  private next: Promise<T> | null = null;

  constructor(private readonly load: () => Promise<T>) {}

  read(): Promise<T> {
    if (this.next) return this.next;
    if (!this.running) return this.start();
    const after = () => this.start();
    this.next = this.running.then(after, after);
    return this.next;
  }

  private start(): Promise<T> {
    this.next = null;
    const run = this.load();
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = null;
    };
    run.then(done, done);
    return run;
  }
}

/** The one value an owner has in `owners` (a reader per database handle, say), made on first use. */
export function oneFor<K extends object, V>(owners: WeakMap<K, V>, owner: K, make: () => V): V {
  let value = owners.get(owner);
  if (value === undefined) owners.set(owner, (value = make()));
  return value;
}

/**
 * A cache bounded by the summed weight of its entries (a count, or bytes): what a long-lived reader keeps of what
 * it has read or worked out. Pure TypeScript with no Node APIs.
 *
 * Evicted nearly least recently used, by the clock algorithm: a read only marks its entry, and an eviction passes
 * over the entries oldest first, giving a marked one a second chance at the back. Moving an entry to the back on
 * every read (a delete and a set of the Map) made a warm `q` call of 100 hits grow and rehash the Maps of its
 * hundreds of reads: a tenth of what it allocated.
 */
export class BoundedCache<Value, Key extends string | number = string> {
  private readonly entries = new Map<Key, { value: Value; weight: number; read: boolean }>();
  private weight = 0;

  constructor(private readonly maxWeight: number) {}

  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.read = true;
    return entry.value;
  }

  set(key: Key, value: Value, weight: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.weight -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight, read: false });
    this.weight += weight;
    // An entry put back is met again later in the same pass (a Map's iteration sees what is added during it),
    // unmarked: the pass ends when the weight fits or only the new entry is left.
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.maxWeight) break;
      if (oldest === key) continue;
      this.entries.delete(oldest);
      if (entry.read) {
        entry.read = false;
        this.entries.set(oldest, entry);
      } else this.weight -= entry.weight;
    }
  }
}

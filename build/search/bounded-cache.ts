/**
 * A least-recently-used cache bounded by the summed weight of its entries (a count, or bytes): what a long-lived
 * reader keeps of what it has read or worked out. Pure TypeScript with no Node APIs.
 */
export class BoundedCache<Value, Key extends string | number = string> {
  private readonly entries = new Map<Key, { value: Value; weight: number }>();
  private weight = 0;

  constructor(private readonly maxWeight: number) {}

  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: Key, value: Value, weight: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.weight -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.maxWeight || oldest === key) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }
}

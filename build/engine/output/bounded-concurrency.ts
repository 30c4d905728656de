/**
 * Runs async work over items with at most `limit` in flight, keeping results in input order. File work done
 * one await at a time leaves the thread pool idle; all at once exhausts file descriptors.
 */
export async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const FILE_CONCURRENCY = 32;

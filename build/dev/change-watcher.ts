/**
 * Watches folders for changes (node:fs.watch, recursive: inotify on Linux since Node 20) and calls back once
 * the saves have settled: an editor's save is often several events (a temporary file, a rename, a write),
 * and one rebuild should follow them all.
 */
import { watch, type FSWatcher } from "node:fs";
import path from "node:path";

export interface ChangeWatcher {
  close(): void;
}

export function watchFolders(folders: readonly string[], onChange: (changed: string[]) => void, options: { settleMs?: number; onError?: (error: Error) => void } = {}): ChangeWatcher {
  const settleMs = options.settleMs ?? 40;
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = folders.map((folder) => {
    const watcher = watch(folder, { recursive: true }, (_event, name) => {
      changed.add(name ? path.join(folder, name.toString()) : folder);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const settled = [...changed].sort();
        changed = new Set();
        onChange(settled);
      }, settleMs);
    });
    watcher.on("error", (error) => options.onError?.(error));
    return watcher;
  });
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

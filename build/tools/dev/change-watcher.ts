/**
 * Watches folders, and every folder inside them, for changes, and calls back once the saves have settled: an
 * editor's save is often several events (a temporary file, a rename, a write), and one rebuild should follow
 * them all. One node:fs.watch per folder rather than `recursive: true`: on Linux, Node 20's recursive watch
 * follows files, and loses a file replaced by rename (the atomic save most editors and `sed -i` do), so the
 * second save of a file went unseen; a folder's own watch reports every change to its entries.
 */
import { type Dirent, lstatSync, readdirSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

export interface ChangeWatcher {
  close(): void;
}

export function watchFolders(
  folders: readonly string[],
  onChange: (changed: string[]) => void,
  options: { settleMs?: number; onError?: (error: Error) => void } = {},
): ChangeWatcher {
  // As webpack waits after a change before it rebuilds (watchOptions.aggregateTimeout, 20 ms since webpack 5): an
  // editor's save is renamed into place well within it, and every millisecond here is one the author waits.
  const settleMs = options.settleMs ?? 20;
  const watchers = new Map<string, FSWatcher>();
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const settle = () => {
    const settled = [...changed].sort();
    changed = new Set();
    // Folders made or removed since, which their parent's watch names: watched (with every folder inside), or
    // forgotten (with every folder inside). Only those: walking the whole tree at each save took 20-50 ms at
    // 10,000 files, on the thread that then builds the save.
    for (const folder of folders) if (!watchers.has(folder)) watchTree(folder);
    for (const entry of settled) {
      if (isFolder(entry)) {
        if (!watchers.has(entry)) watchTree(entry);
        continue;
      }
      for (const [folder, watcher] of watchers) {
        if (folder === entry || folder.startsWith(`${entry}${path.sep}`)) {
          watcher.close();
          watchers.delete(folder);
        }
      }
    }
    onChange(settled);
  };
  const watchOne = (folder: string) => {
    if (closed || watchers.has(folder)) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        changed.add(name ? path.join(folder, name.toString()) : folder);
        clearTimeout(timer);
        timer = setTimeout(settle, settleMs);
      });
      // A watched folder that is removed reports an error on some systems: it is forgotten at the next settle.
      watcher.on("error", (error) => {
        if (isFolder(folder)) options.onError?.(error);
      });
      watchers.set(folder, watcher);
    } catch (error) {
      options.onError?.(error as Error);
    }
  };
  const watchTree = (root: string) => {
    if (!isFolder(root)) return;
    watchOne(root);
    let entries: Dirent[];
    try {
      entries = readdirSync(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      // Gone or replaced since (a folder moved away, a file in its place): the next settle sees what is there.
      options.onError?.(error as Error);
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) watchOne(path.join(entry.parentPath, entry.name));
    }
  };
  for (const folder of folders) watchTree(folder);
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * Whether a path is a folder itself, not a link to one (a link to its own folder would be watched again at every level
 * until the system refused, ELOOP), nor anything that cannot be read: such a path is left to the build to tell.
 */
function isFolder(folder: string): boolean {
  try {
    return lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

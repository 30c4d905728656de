import type { Position } from "../diagnostics/diagnostic.ts";

/**
 * Maps character offsets in a text to 1-based line and column. The line starts are found on first use: most
 * files never need a position (only a file with a problem does).
 */
export class LineIndex {
  private lineStarts: number[] | undefined;

  constructor(private readonly text: string) {}

  private starts(): number[] {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let at = this.text.indexOf("\n"); at !== -1; at = this.text.indexOf("\n", at + 1))
        this.lineStarts.push(at + 1);
    }
    return this.lineStarts;
  }

  positionAt(offset: number): Position {
    const lineStarts = this.starts();
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  }
}

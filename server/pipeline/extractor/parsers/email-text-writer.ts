interface Row {
  cells: number;
  inCell: boolean;
  /** Inside a cell that has no text yet. */
  fresh: boolean;
}

/**
 * Lays text out the way a browser shows it, for `htmlToText`: runs of whitespace collapse to one
 * space (except inside `<pre>`); block boundaries ask for a line break that is written only before
 * the next text, so empty blocks add nothing; table cells are separated by tabs. A break asked for at
 * the start or end of a cell is dropped, so `<td><p>x</p></td>` keeps its row on one line.
 */
export class TextWriter {
  private readonly parts: string[] = [];
  private wantBreak = 0;
  private wantTabs = 0;
  private wantSpace = false;
  private atLineStart = true;
  private empty = true;
  private pre = 0;
  /** Just inside `<pre>`, where one leading line break is not content (HTML spec). */
  private preStart = false;
  private readonly rows: Row[] = [];

  text(raw: string): void {
    if (this.pre > 0) {
      const text = raw.replace(/\r\n?/g, '\n');
      const content = this.preStart ? text.replace(/^\n/, '') : text;
      this.preStart = false;
      if (content) this.write(content);
      return;
    }
    const text = raw.replace(/[\s\u00a0]+/g, ' ');
    if (text === '') return;
    if (text.startsWith(' ')) this.wantSpace = true;
    const word = text.trim();
    if (word) this.write(word);
    if (word && text.endsWith(' ')) this.wantSpace = true;
  }

  startTag(name: string, breakLevel: number): void {
    switch (name) {
      case 'br':
        if (!this.top()?.fresh) this.wantBreak = Math.min(this.wantBreak + 1, 2);
        return;
      case 'table':
        this.block(1);
        this.rows.push({ cells: 0, inCell: false, fresh: false });
        return;
      case 'tr':
        this.endCell();
        this.row().cells = 0;
        this.wantTabs = 0;
        this.block(1);
        return;
      case 'td':
      case 'th': {
        this.endCell();
        const row = this.row();
        if (row.cells > 0) this.wantTabs += 1;
        row.cells += 1;
        row.inCell = true;
        row.fresh = true;
        return;
      }
      case 'pre':
        this.pre += 1;
        this.preStart = true;
        break;
    }
    if (breakLevel > 0) this.block(breakLevel);
  }

  endTag(name: string, breakLevel: number): void {
    switch (name) {
      case 'table':
        this.endCell();
        this.rows.pop();
        this.wantTabs = 0;
        this.block(1);
        return;
      case 'tr':
        this.endCell();
        this.wantTabs = 0;
        this.block(1);
        return;
      case 'td':
      case 'th':
        this.endCell();
        return;
      case 'pre':
        this.pre = Math.max(0, this.pre - 1);
        break;
    }
    if (breakLevel > 0) this.block(breakLevel);
  }

  result(): string {
    return this.parts
      .join('')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd();
  }

  private top(): Row | undefined {
    return this.rows[this.rows.length - 1];
  }

  private row(): Row {
    if (this.rows.length === 0) this.rows.push({ cells: 0, inCell: false, fresh: false });
    return this.rows[this.rows.length - 1];
  }

  private endCell(): void {
    const row = this.top();
    if (!row) return;
    // a break asked for by the cell's last block belongs to the cell, not to the row
    if (row.inCell && !row.fresh) this.wantBreak = 0;
    row.inCell = false;
    row.fresh = false;
  }

  private block(level: number): void {
    if (this.top()?.fresh) return;
    this.wantBreak = Math.max(this.wantBreak, level);
    this.wantSpace = false;
  }

  private write(text: string): void {
    if (this.wantBreak > 0 && !this.empty) {
      this.parts.push('\n'.repeat(this.wantBreak));
      this.atLineStart = true;
    }
    this.wantBreak = 0;
    if (this.wantTabs > 0) {
      this.parts.push('\t'.repeat(this.wantTabs));
      this.atLineStart = false;
      this.wantSpace = false;
    }
    this.wantTabs = 0;
    if (this.wantSpace && !this.atLineStart) this.parts.push(' ');
    this.wantSpace = false;
    this.parts.push(text);
    this.atLineStart = text.endsWith('\n');
    this.empty = false;
    // the cells that had no text have some now; fresh rows are always the innermost ones
    for (let at = this.rows.length - 1; at >= 0 && this.rows[at].fresh; at--) this.rows[at].fresh = false;
  }
}

/** Rows as aligned columns: the first column left-aligned, numbers right-aligned. */
export function formatTable(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)))
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]!) : String(cell).padStart(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** `text` shortened for one line of a report, with invisible characters made visible. */
export function oneLine(text: string, max = 140): string {
  const visible = JSON.stringify(text).slice(1, -1)
  return visible.length > max ? `${visible.slice(0, max)}… (${text.length} chars)` : visible
}

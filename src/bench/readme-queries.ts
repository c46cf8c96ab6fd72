/**
 * The statements of a README's ```sql blocks, comments dropped, split on ";", each with the comment
 * line that precedes it as its label. The bench times them; the demo test runs them on its data.
 */
export function readmeQueries(readme: string): Array<{ label: string; sql: string }> {
  const out: Array<{ label: string; sql: string }> = [];
  for (const block of readme.matchAll(/```sql\n([\s\S]*?)```/g)) {
    for (const statement of block[1]!.split(';')) {
      const lines = statement
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const sql = lines
        .filter((l) => !l.startsWith('--'))
        .join(' ')
        .trim();
      if (!sql) continue;
      const comment = lines.find((l) => l.startsWith('--'));
      out.push({ label: comment ? comment.replace(/^--\s*/, '') : sql.slice(0, 60), sql });
    }
  }
  return out;
}

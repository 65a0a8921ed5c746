/**
 * "Did you mean": the known words nearest a mistyped one, by Damerau–Levenshtein distance in its
 * optimal-string-alignment form, so swapping two neighbouring letters (`cofnig`) is one typo.
 */

export function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between the first i characters of a and the first j of b.
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known words within a typo's reach of `word`, case ignored: one edit for words of up to four
 * characters (two would turn `get` into `put` or `api`), two for longer ones. The nearest only;
 * several when they are equally near, in the order given.
 */
export function closestWords(word: string, known: Iterable<string>): string[] {
  const typed = word.toLowerCase();
  const reach = typed.length <= 4 ? 1 : 2;
  let nearest: string[] = [];
  let nearestDistance = reach + 1;
  for (const candidate of new Set(known)) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance > reach) continue;
    if (distance < nearestDistance) {
      nearest = [candidate];
      nearestDistance = distance;
    } else if (distance === nearestDistance) {
      nearest.push(candidate);
    }
  }
  return nearest;
}

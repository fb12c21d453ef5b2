import 'server-only';
import { remove as removeConfusables } from 'confusables';

/**
 * What a display name looks like, for telling whether two names could be mistaken for each other
 * (docs/product.md#assignees): compatibility forms folded (NFKC: full-width letters, ligatures),
 * invisible characters (zero-width, joiners, direction marks) and accents dropped, lookalike letters
 * of other scripts mapped to the Latin letter they resemble (the `confusables` library's table: a
 * Cyrillic `Ѕ` reads as `S`), spaces collapsed, case ignored. Two names with one skeleton look alike
 * to a person choosing between them; two different skeletons may still look alike in some font (the
 * table is not exhaustive), which only means no extra detail is shown for them.
 */
export function nameSkeleton(name: string): string {
  // One pass can reveal more to fold (a lookalike's lower case may be another lookalike): repeated
  // until nothing changes, which a few passes reach.
  let skeleton = name;
  for (let pass = 0; pass < 4; pass++) {
    const next = skeletonPass(skeleton);
    if (next === skeleton) break;
    skeleton = next;
  }
  return skeleton;
}

function skeletonPass(name: string): string {
  const folded = name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  return removeConfusables(folded).replace(/\s+/gu, ' ').trim().toLocaleLowerCase('en');
}

/** The ids of the people whose name looks like someone else's (same skeleton), among `people`. */
export function lookalikeIds(people: readonly { id: string; name: string }[]): Set<string> {
  const groups = new Map<string, string[]>();
  for (const person of people) {
    const key = nameSkeleton(person.name);
    const group = groups.get(key);
    if (group) group.push(person.id);
    else groups.set(key, [person.id]);
  }
  const ids = new Set<string>();
  for (const group of groups.values()) if (group.length > 1) for (const id of group) ids.add(id);
  return ids;
}

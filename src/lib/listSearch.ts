// Search and scope of a long list held in memory (db/tableIndex.ts): the entries of a scope (a tab, a
// building, a meter) are kept until the list changes, so paging walks only the scope; a keystroke
// whose query narrows the last one (each word extended, more words may follow) filters only the last
// search's matches. Pure: the list's rows and what its search reads ("facts") come from the caller.

/** A row of the list with what its search reads (e.g. its search words as one text). */
export type Entry<Row, Facts> = { readonly row: Row; readonly facts: Facts };

/** The entries of one scope at one generation of the list. */
export type Scoped<Row, Facts> = { readonly key: string; readonly generation: number; readonly entries: readonly Entry<Row, Facts>[] };

export type ListSearch<Row, Facts, Query> = {
  /** The entries of `all` (in their order) that `keep` keeps, computed once per scope key and generation. */
  scope(key: string, generation: number, all: readonly Entry<Row, Facts>[], keep: (row: Row) => boolean): Scoped<Row, Facts>;
  /**
   * The entries of `all` (in their order) whose `groupOf` is `group`: one pass over `all` groups every
   * row under `name` once per generation, so switching between groups (buildings, tabs, meters) is free.
   */
  group(name: string, generation: number, all: readonly Entry<Row, Facts>[], groupOf: (row: Row) => string, group: string): Scoped<Row, Facts>;
  /** The scope's entries (in order) whose facts match the query. */
  matching(scoped: Scoped<Row, Facts>, query: Query, matches: (facts: Facts, query: Query, row: Row) => boolean): readonly Entry<Row, Facts>[];
};

/** Whether every match of the words `after` is a match of `before`: each earlier word was extended, more may follow. */
export function narrowsWords(before: readonly string[], after: readonly string[]): boolean {
  return before.length <= after.length && before.every((word, i) => after[i]?.startsWith(word) === true);
}

/**
 * `narrows(before, after)` must hold only when every entry matching `after` also matches `before`.
 * `scopesKept` bounds the scopes remembered at once (all are forgotten when it is reached).
 */
export function listSearch<Row, Facts, Query>(narrows: (before: Query, after: Query) => boolean, scopesKept = 8): ListSearch<Row, Facts, Query> {
  const scopes = new Map<string, Scoped<Row, Facts>>();
  const groupings = new Map<string, { generation: number; groups: Map<string, Scoped<Row, Facts>> }>();
  let last: { key: string; generation: number; query: Query; entries: readonly Entry<Row, Facts>[] } | null = null;
  return {
    scope(key, generation, all, keep) {
      const kept = scopes.get(key);
      if (kept?.generation === generation) return kept;
      const scoped = { key, generation, entries: all.filter((entry) => keep(entry.row)) };
      if (scopes.size >= scopesKept) scopes.clear();
      scopes.set(key, scoped);
      return scoped;
    },
    group(name, generation, all, groupOf, group) {
      let grouping = groupings.get(name);
      if (grouping?.generation !== generation) {
        const lists = new Map<string, Entry<Row, Facts>[]>();
        for (const entry of all) {
          const at = groupOf(entry.row);
          const list = lists.get(at);
          if (list) list.push(entry);
          else lists.set(at, [entry]);
        }
        grouping = { generation, groups: new Map([...lists].map(([at, entries]) => [at, { key: `${name}|${at}`, generation, entries }])) };
        if (groupings.size >= scopesKept) groupings.clear();
        groupings.set(name, grouping);
      }
      return grouping.groups.get(group) ?? { key: `${name}|${group}`, generation, entries: [] };
    },
    matching(scoped, query, matches) {
      const from = last && last.generation === scoped.generation && last.key === scoped.key && narrows(last.query, query) ? last.entries : scoped.entries;
      const entries: Entry<Row, Facts>[] = [];
      for (const entry of from) if (matches(entry.facts, query, entry.row)) entries.push(entry);
      last = { key: scoped.key, generation: scoped.generation, query, entries };
      return entries;
    },
  };
}

// Search and scope of a long list held in memory (db/tableIndex.ts): the entries of a scope (a tab, a
// building, a meter) are kept until the list changes, so paging walks only the scope; a keystroke
// whose query narrows the last one (each word extended, more words may follow) filters only the last
// search's matches, and a walk cut short at a limit resumes where it stopped. Pure: the list's rows
// and what its search reads ("facts") come from the caller.

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
  /**
   * The scope's entries (in order) whose facts match the query; with a `limit`, at most `limit + 1`
   * (the walk stops there: a list that shows the first `limit` only needs to know that more follow).
   */
  matching(scoped: Scoped<Row, Facts>, query: Query, matches: (facts: Facts, query: Query, row: Row) => boolean, limit?: number): readonly Entry<Row, Facts>[];
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
  /**
   * Where the last search stopped: every match of its query is in `prefix` (in order), then in
   * `source` from `from` on (not walked yet when a `limit` cut the walk short). A narrower query
   * walks the same way, so a whole typed word walks the scope about once.
   */
  let last: { key: string; generation: number; query: Query; prefix: readonly Entry<Row, Facts>[]; source: readonly Entry<Row, Facts>[]; from: number } | null =
    null;
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
    matching(scoped, query, matches, limit = Number.POSITIVE_INFINITY) {
      const resume =
        last !== null && last.generation === scoped.generation && last.key === scoped.key && narrows(last.query, query)
          ? last
          : { prefix: [], source: scoped.entries, from: 0 };
      const { prefix, source } = resume;
      const found: Entry<Row, Facts>[] = [];
      for (let i = 0; i < prefix.length; i += 1) {
        const entry = prefix[i] as Entry<Row, Facts>;
        if (matches(entry.facts, query, entry.row) && found.push(entry) > limit) {
          last = { key: scoped.key, generation: scoped.generation, query, prefix: found.concat(prefix.slice(i + 1)), source, from: resume.from };
          return found;
        }
      }
      let at = resume.from;
      while (at < source.length) {
        const entry = source[at] as Entry<Row, Facts>;
        at += 1;
        if (matches(entry.facts, query, entry.row) && found.push(entry) > limit) break;
      }
      last = { key: scoped.key, generation: scoped.generation, query, prefix: found, source, from: at };
      return found;
    },
  };
}

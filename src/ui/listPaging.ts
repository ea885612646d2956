// Long lists (20 000 service calls, 5 000 keys of a building) show one page of rows and grow by a page
// at a time: rendering every match would take seconds per keystroke on a phone. The page count starts
// over when what the list shows changes (another tab, building, search or order).
import { useState } from 'react';

/** Rows a long list shows at first and adds with each "show more". */
export const LIST_PAGE_SIZE = 50;

export type ListPaging = { limit: number; showMore(): void };

/** How many rows to show for the list identified by `listKey` (its filters), and a way to show a page more. */
export function useListPaging(listKey: string): ListPaging {
  const [paging, setPaging] = useState({ listKey, limit: LIST_PAGE_SIZE });
  const limit = paging.listKey === listKey ? paging.limit : LIST_PAGE_SIZE;
  return { limit, showMore: () => setPaging({ listKey, limit: limit + LIST_PAGE_SIZE }) };
}

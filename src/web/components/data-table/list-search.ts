import type { ListParams } from './use-list-params';

/**
 * The search box and "Clear filters" of a `ListToolbar` bound to a `useListParams` list: the typed
 * text goes into the list's `key` filter (`search` unless named), Clear resets every filter.
 *
 *   <ListToolbar {...listSearchProps(list, t.search)} testId="x-toolbar" filters={...} />
 *
 * Pass `filtered` after the spread where more than the filters counts (a sort).
 */
export function listSearchProps<F extends Record<string, string>>(list: ListParams<F>, searchPlaceholder: string, key: keyof F & string = 'search') {
  return {
    search: list.values[key],
    onSearch: (text: string) => list.set({ [key]: text } as Partial<F>),
    searchPlaceholder,
    filtered: list.filtered,
    onClear: list.reset,
  };
}
